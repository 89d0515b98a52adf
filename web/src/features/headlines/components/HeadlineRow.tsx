import { Link } from 'react-router';
import type { TSearchHit } from '@portal/contract';
import { detailPath } from '../../../components/detailPath.ts';
import { Highlight } from '../../../components/Highlight.tsx';
import { SourceCount } from '../../../components/SourceCount.tsx';

/** One headline of the list: title and snippet with the matched keyword marked, source and time. */
export function HeadlineRow({ hit }: { hit: TSearchHit }) {
  const source = hit._source;
  const to = detailPath(hit) ?? '#';
  return (
    <article className="hl-row">
      <h3 className="hl-row__title">
        <Link to={to}>
          <Highlight html={source.highlight?.title} text={source.title} />
        </Link>
      </h3>
      <p className="hl-row__snippet">
        <Highlight html={source.highlight?.content} text={source.description} />
      </p>
      <p className="hl-row__meta">
        {source.publisher && <span>{source.publisher}</span>}
        <SourceCount count={source.source_count} />
        <time dateTime={source.create_time}>{source.time_format}</time>
      </p>
    </article>
  );
}
