import type { TSearchHit } from '@portal/contract';
import { Link } from 'react-router';
import { detailPath } from '../../components/detailPath.ts';
import { Highlight } from '../../components/Highlight.tsx';
import { REPORT_LIST_TEXT as T } from './listTexts.ts';
import './ReportList.css';

/** One report in the list view: title, publisher, date and page count on one line. */
export function ReportRow({ hit }: { hit: TSearchHit }) {
  const source = hit._source;
  const to = detailPath(hit) ?? '#';
  return (
    <article className="report-row" aria-label={T.rowLabel}>
      <Link className="report-row__title" to={to}>
        <Highlight html={source.highlight?.title} text={source.title} />
      </Link>
      <span className="report-row__publisher">{source.publisher}</span>
      <time className="report-row__date">{source.create_time.slice(0, 10)}</time>
      <span className="report-row__pages">
        {source.page_count !== undefined ? T.pageCount(source.page_count) : ''}
      </span>
    </article>
  );
}
