import { DetailErrorBoundary } from '../../detail/components/DetailErrorBoundary.tsx';
import { ReportDetail } from '../components/ReportDetail.tsx';

/** 报告详情 (/report/report_details/:id?id&index, /report_details/:id). */
export function ReportDetailsPage() {
  return (
    <DetailErrorBoundary>
      <ReportDetail />
    </DetailErrorBoundary>
  );
}
