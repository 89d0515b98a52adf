import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import type { TRelatedContent } from '@portal/contract';
import { formatDuration, relatedContentPath } from '../organPaths.ts';
import { ORGAN_TEXT } from '../texts.ts';

type TRelatedContentTileProps = {
  item: TRelatedContent;
  /** true when the user must consent before opening it; the click then asks instead of navigating. */
  askConsent: boolean;
  onAsk: (item: TRelatedContent) => void;
};

/** A product's related report or video: cover, type, 需授权 mark, length and date. */
export function RelatedContentTile({ item, askConsent, onAsk }: TRelatedContentTileProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!askConsent) {
      return;
    }
    event.preventDefault();
    onAsk(item);
  };
  return (
    <article className={`organ-tile organ-tile--content${item.type === 1 ? ' organ-tile--report-item' : ''}`}>
      <div className="organ-tile__cover">
        {item.cover && <img src={item.cover} alt="" loading="lazy" />}
        {item.type === 2 && item.video_duration > 0 && (
          <span className="organ-tile__duration">{formatDuration(item.video_duration)}</span>
        )}
      </div>
      <h3 className="organ-tile__title">
        <Link to={relatedContentPath(item)} onClick={onClick}>
          {item.title}
        </Link>
      </h3>
      <p className="organ-tile__meta">
        <span className="organ-tile__kind">{item.type === 1 ? ORGAN_TEXT.report : ORGAN_TEXT.video}</span>
        {item.authorization_required === 1 && (
          <span className="organ-tile__lock">{ORGAN_TEXT.needsAuthorization}</span>
        )}
        <span>{item.create_time.slice(0, 10)}</span>
      </p>
    </article>
  );
}
