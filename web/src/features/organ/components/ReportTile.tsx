import { Link } from 'react-router';
import type { TOrganReport } from '@portal/contract';
import { organPaths } from '../organPaths.ts';

/** One of the organisation's reports: its first page and title, linking to the report page. */
export function ReportTile({ report }: { report: TOrganReport }) {
  return (
    <article className="organ-tile organ-tile--report">
      <div className="organ-tile__cover">
        {report.cover && <img src={report.cover} alt="" loading="lazy" />}
      </div>
      <h3 className="organ-tile__title">
        <Link to={organPaths.report(report.detail_id)}>{report.title}</Link>
      </h3>
      <p className="organ-tile__meta">{report.create_time.slice(0, 10)}</p>
    </article>
  );
}
