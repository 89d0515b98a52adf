import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { TSearchHit } from '@portal/contract';
import { contentKindOf, detailPath } from '../../../components/detailPath.ts';
import { ResponsiveImage } from '../../../components/ResponsiveImage.tsx';
import { COMPONENT_TEXT } from '../../../components/texts.ts';
import { TALL_COVER_KINDS } from '../../content/priorityCovers.ts';
import { CardFavorite } from '../../favorites/components/CardFavorite.tsx';
import '../../../components/contentItem.css';
import './RelatedItem.css';

/** The thumbnail renders at most 150 px wide: the smallest card-size copy serves it at 2×. */
const THUMB_SIZES = '150px';

/**
 * One 相关推荐 entry as a row: its cover small (or a plate with the publisher or type), the title,
 * one line of description, then type, publisher and time. The list grid's 5:8 card needs the
 * list's column width: beside the note panel only two columns of ~395 px fit, and a topic or
 * headline card was ~630 px tall and half empty. The title is the link; its hit area is the row.
 */
export function RelatedItem({ hit }: { hit: TSearchHit }) {
  const titleId = useId();
  const source = hit._source;
  const kind = contentKindOf(hit._index);
  const to = detailPath(hit);
  const [coverFailed, setCoverFailed] = useState(false);
  const byline = source.publisher || source.creator || source.product_brand;
  const typeName = kind ? COMPONENT_TEXT.contentTypes[kind] : '';
  const hasCover = source.cover !== '' && !coverFailed;
  // Whole, at 84 px high: a report's first page or a poster upright, a topic's cover at 16:9.
  // Chosen by type, as the list cards first guess it, so nothing moves when the picture comes.
  const shape = !hasCover ? 'plate' : kind && TALL_COVER_KINDS.has(kind) ? 'tall' : 'wide';
  return (
    <article className={`related-item related-item--${kind ?? 'other'}`} aria-labelledby={titleId}>
      <div className={`related-item__thumb related-item__thumb--${shape}`} aria-hidden="true">
        {hasCover ? (
          <ResponsiveImage src={source.cover} sizes={THUMB_SIZES} onError={() => setCoverFailed(true)} />
        ) : (
          <span className="related-item__plate">{byline || typeName}</span>
        )}
      </div>
      <div className="related-item__body">
        <h3 className="related-item__title" id={titleId}>
          {to ? (
            <Link to={to} className="related-item__link">
              {source.title}
            </Link>
          ) : (
            source.title
          )}
        </h3>
        {source.description && <p className="related-item__text">{source.description}</p>}
        <p className="related-item__meta">
          {typeName && <span className="related-item__badge">{typeName}</span>}
          {byline && (
            // On the plate already: kept in the meta line for screen readers only (as list cards do).
            <span
              className={shape === 'plate' ? 'related-item__byline visually-hidden' : 'related-item__byline'}
            >
              {byline}
            </span>
          )}
          <span className="related-item__time">{source.time_format}</span>
        </p>
      </div>
      {kind && <CardFavorite id={hit._id} index={hit._index} status={hit.favorite_status} />}
    </article>
  );
}
