import { DetailErrorBoundary } from '../../detail/components/DetailErrorBoundary.tsx';
import { AnalysisDetail } from '../components/AnalysisDetail.tsx';

/** 专题详情 (/analysis/analysis_details/:id?id&index&anal_type). */
export function AnalysisDetailsPage() {
  return (
    <DetailErrorBoundary>
      <AnalysisDetail />
    </DetailErrorBoundary>
  );
}
