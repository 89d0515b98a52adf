import { Link } from 'react-router';
import { CONTENT_INDEXES, type THeadlineSource } from '@portal/contract';
import { detailPath } from '../../../components/detailPath.ts';
import { httpUrl } from '../httpUrl.ts';
import './OtherSources.css';

export const OTHER_SOURCES_TEXT = {
  heading: (n: number) => `其他 ${n} 个来源的报道`,
  viewSource: '原文',
} as const;

/**
 * The same story as other sources told it (near-duplicates of this headline, issue 18): each
 * one's source, time and title, which opens its own page; its original link beside it.
 */
export function OtherSources({ others }: { others: NonNullable<THeadlineSource['other_sources']> }) {
  if (others.length === 0) {
    return null;
  }
  return (
    <section className="detail-card other-sources" aria-labelledby="other-sources-title">
      <h2 id="other-sources-title" className="other-sources__title">
        {OTHER_SOURCES_TEXT.heading(others.length)}
      </h2>
      <ul className="other-sources__list">
        {others.map((o) => {
          const to = detailPath({ _id: String(o.id), _index: CONTENT_INDEXES.business, _source: {} }) ?? '#';
          const original = o.source_url ? httpUrl(o.source_url) : null;
          return (
            <li key={o.id} className="other-sources__item">
              <Link to={to} className="other-sources__link">
                {o.title}
              </Link>
              <p className="other-sources__meta">
                {o.source_name && <span>{o.source_name}</span>}
                <time dateTime={o.publish_time}>{o.publish_time}</time>
                {original && (
                  <a href={original} target="_blank" rel="noopener noreferrer">
                    {OTHER_SOURCES_TEXT.viewSource}
                  </a>
                )}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
