import type { TReportFilters, TSearchHit, TSearchReply } from '@portal/contract';
import { ListPage } from '../../../components/ListPage.tsx';
import { ContentFeed } from '../../../entities/content/components/ContentFeed.tsx';
import { REPORT_SORTS } from '../../../entities/content/sorts.ts';
import { REPORT_LIST_TEXT } from '../../../entities/report-list/listTexts.ts';
import { filtersFromParams, withFilters } from '../../../entities/report-list/reportFilterParams.ts';
import { ReportFilters } from '../../../entities/report-list/ReportFilters.tsx';
import { ReportRow } from '../../../entities/report-list/ReportRow.tsx';
import { useReportView } from '../../../entities/report-list/useReportView.ts';
import { REPORT_TEXT } from '../texts.ts';
import { useSearchParamsNow } from '../../../components/useSearchParamsNow.ts';

const renderRow = (hit: TSearchHit) => <ReportRow hit={hit} />;
/** The total; while the first page loads, a line of its shape (ContentFeed keeps it invisible). */
const renderTotal = (reply: TSearchReply | undefined) => (
  <p className="report-total" role={reply ? 'status' : undefined}>
    {REPORT_LIST_TEXT.total(reply?.total.value ?? 0, reply?.total.relation === 'gte')}
  </p>
);

/**
 * 报告列表 (/report): reports sorted 最新 or 最热 (spec §9), filtered by industry, publisher,
 * page range and publish dates (kept in the URL) with each value's count, the total always
 * shown, as 封面 cards or 列表 rows (remembered in this browser).
 */
export function ReportPage() {
  const [params, setParams] = useSearchParamsNow();
  const filters = filtersFromParams(params);
  const [view, setView] = useReportView();
  const change = (next: TReportFilters) =>
    setParams((current) => withFilters(current, next), { replace: true });
  return (
    <ListPage title={REPORT_TEXT.listTitle}>
      <ContentFeed
        pageType="report"
        defaultTab="report"
        sorts={REPORT_SORTS}
        label={REPORT_TEXT.listLabel}
        filters={filters}
        renderRow={view === 'rows' ? renderRow : undefined}
        renderNotice={renderTotal}
        renderExtra={(first) => (
          <ReportFilters
            filters={filters}
            facets={first?.facets}
            onChange={change}
            view={view}
            onViewChange={setView}
          />
        )}
      />
    </ListPage>
  );
}
