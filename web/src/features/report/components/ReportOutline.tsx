import { Link, useLocation } from 'react-router';
import type { TReportSource } from '@portal/contract';
import { PAGE_QUERY } from '../../../components/pageHit.ts';
import { REPORT_TEXT } from '../texts.ts';
import './ReportOutline.css';

type TReportOutlineProps = Pick<TReportSource, 'abstract' | 'toc' | 'tag' | 'page_count'>;

/**
 * What a report holds before it is opened (issue 19): its abstract, its table of contents —
 * each entry a link to `?page=N`, which opens the reader there (on a phone: that page image) —
 * and its tags. Parts the report has none of are left out.
 */
export function ReportOutline({ abstract, toc, tag, page_count: pageCount }: TReportOutlineProps) {
  const location = useLocation();
  const pageLink = (page: number) => {
    const params = new URLSearchParams(location.search);
    params.set(PAGE_QUERY, String(Math.min(Math.max(1, page), Math.max(1, pageCount))));
    return { search: `?${params.toString()}` };
  };
  if (abstract === '' && toc.length === 0 && tag.length === 0) {
    return null;
  }
  return (
    <section className="detail-card report-outline" aria-label={REPORT_TEXT.abstract}>
      {tag.length > 0 && (
        <ul className="report-outline__tags" aria-label={REPORT_TEXT.tags}>
          {tag.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      )}
      {abstract !== '' && (
        <>
          <h2 className="report-outline__heading">{REPORT_TEXT.abstract}</h2>
          {abstract.split('\n').map((paragraph, i) => (
            <p key={i} className="report-outline__abstract">
              {paragraph}
            </p>
          ))}
        </>
      )}
      {toc.length > 0 && (
        <nav aria-labelledby="report-outline-contents">
          <h2 id="report-outline-contents" className="report-outline__heading">
            {REPORT_TEXT.contents}
          </h2>
          <ol className="report-outline__toc">
            {toc.map((entry, i) => (
              <li key={i} className={`report-outline__entry report-outline__entry--${entry.level}`}>
                {/* Named by its content (no label that could differ from what shows): title，第 N 页. */}
                <Link to={pageLink(entry.page)} className="report-outline__link">
                  {/* The spoken page sits inside the title's box: a block edge would add a space to the name. */}
                  <span className="report-outline__title">
                    {entry.title}
                    <span className="visually-hidden">{REPORT_TEXT.atPage(entry.page)}</span>
                  </span>
                  <span className="report-outline__page" aria-hidden="true">
                    {entry.page}
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        </nav>
      )}
    </section>
  );
}
