import { useId, useState, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { CARD_IMAGE_SIZES, type TSearchHit } from '@portal/contract';
import { CardFavorite } from '../../favorites/components/CardFavorite.tsx';
import { contentKindOf, detailPath } from '../../../components/detailPath.ts';
import { Highlight } from '../../../components/Highlight.tsx';
import { pageHitPath } from '../../../components/pageHit.ts';
import { ResponsiveImage } from '../../../components/ResponsiveImage.tsx';
import { SourceCount } from '../../../components/SourceCount.tsx';
import { COMPONENT_TEXT } from '../../../components/texts.ts';
import { TALL_COVER_KINDS, type TCoverLoading } from '../priorityCovers.ts';
import '../../../components/contentItem.css';
import './ContentCard.css';

/** How the cover sits in the card: filling it (portrait), on top of the text (landscape), or none. */
type TMedia = 'tall' | 'wide' | 'none';

/** Tags a report card shows at most (one line). */
const MAX_CARD_TAGS = 3;

/**
 * One search hit as a 5:8 card (spec §3 "Content list item"): cover, title with matched terms,
 * the matched snippet or the description, type badge, publisher and time. A portrait cover
 * fills the card; a landscape one (insight topics) sits above the text; a card without a cover
 * (most headlines) is all text. The title is the link to the detail page; its hit area is the card.
 * `cover`: how its cover is fetched (priorityCovers.ts): a first screen's are fetched with the
 * page, the one likely to be its largest paint with high priority.
 * `headingLevel`: a card's title is the next heading under what holds the list — h2 under a
 * page's h1 (lists, search, a folder), h3 under a section's h2 (相关推荐). A fixed h3 skipped a
 * level on every list page (Lighthouse's heading-order).
 */
export function ContentCard({
  hit,
  cover = 'lazy',
  headingLevel = 2,
}: {
  hit: TSearchHit;
  cover?: TCoverLoading;
  headingLevel?: 2 | 3;
}) {
  const Title = headingLevel === 3 ? 'h3' : 'h2';
  const titleId = useId();
  const source = hit._source;
  const kind = contentKindOf(hit._index);
  const path = detailPath(hit);
  // A report hit opens at the page holding the words (第 N 页), the words marked there.
  const to = path && pageHitPath(path, hit);
  const [coverFailed, setCoverFailed] = useState(false);
  const [measured, setMeasured] = useState<TMedia | null>(null);
  const hasCover = source.cover !== '' && !coverFailed;
  const media: TMedia = !hasCover
    ? 'none'
    : (measured ?? (kind && TALL_COVER_KINDS.has(kind) ? 'tall' : 'wide'));
  const byline = source.publisher || source.creator || source.product_brand;
  const pageHit = source.page_hit;
  const snippet = pageHit?.snippet ?? source.highlight?.content;
  // A tall cover leaves room for a matched snippet only; the other layouts show the description.
  const showText = media === 'tall' ? Boolean(snippet) : Boolean(snippet || source.description);
  // A report card in a list (no snippet) has room under its title for a line of tags.
  const tags = kind === 'report' && !showText ? source.tag.slice(0, MAX_CARD_TAGS) : [];
  // A card with neither cover nor snippet (a headline in a list) holds a sentence or two of
  // description: a plate with its publisher takes the cover's place, so the 5:8 card is not
  // two-thirds blank. Search results keep the whole card for their snippet.
  const plate = media === 'none' && !snippet && byline ? byline : null;

  const onCoverLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    const { naturalWidth, naturalHeight } = event.currentTarget;
    if (naturalWidth > 0 && naturalHeight > 0) {
      setMeasured(naturalWidth > naturalHeight ? 'wide' : 'tall');
    }
  };

  return (
    <article
      className={`content-card content-card--${media} content-card--${kind ?? 'other'}${plate ? ' content-card--plate' : ''}`}
      aria-labelledby={titleId}
    >
      {hasCover && (
        <div className="content-card__cover">
          <ResponsiveImage
            src={source.cover}
            sizes={CARD_IMAGE_SIZES}
            priority={cover === 'priority'}
            loading={cover === 'eager' ? 'eager' : 'lazy'}
            onLoad={onCoverLoad}
            onError={() => setCoverFailed(true)}
          />
        </div>
      )}
      {plate && (
        <div className="content-card__plate" aria-hidden="true">
          <span className="content-card__plate-name">{plate}</span>
        </div>
      )}
      {kind && <CardFavorite id={hit._id} index={hit._index} status={hit.favorite_status} />}
      <div className="content-card__body">
        <Title className="content-card__title" id={titleId}>
          {to ? (
            <Link to={to} className="content-card__link">
              <Highlight html={source.highlight?.title} text={source.title} />
            </Link>
          ) : (
            <Highlight html={source.highlight?.title} text={source.title} />
          )}
        </Title>
        {tags.length > 0 && (
          <ul className="content-card__tags" aria-label={COMPONENT_TEXT.tags}>
            {tags.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        )}
        {showText && (
          <p className="content-card__text">
            {pageHit && <span className="content-card__page">{COMPONENT_TEXT.pageN(pageHit.page)}</span>}
            <Highlight html={snippet} text={source.description} />
          </p>
        )}
        <p className="content-card__meta">
          {kind && <span className="content-card__badge">{COMPONENT_TEXT.contentTypes[kind]}</span>}
          {byline && (
            // With a plate showing the publisher, the meta line keeps it for screen readers only.
            <span className={plate ? 'content-card__byline visually-hidden' : 'content-card__byline'}>
              {byline}
            </span>
          )}
          <SourceCount count={source.source_count} />
          <span className="content-card__time">{source.time_format}</span>
        </p>
      </div>
    </article>
  );
}
