import { CONTENT_INDEXES } from '@portal/contract';
import { DetailErrorBoundary } from '../../detail/components/DetailErrorBoundary.tsx';
import { useDetailParams } from '../../detail/useDetailParams.ts';
import { useDetailCollect } from '../../favorites/components/useDetailCollect.tsx';
import { DetailWithNotes } from '../../notes/components/DetailWithNotes.tsx';
import { AnalysisDetail } from '../components/AnalysisDetail.tsx';

/** 专题详情 (/analysis/analysis_details/:id?id&index&anal_type), with the collection dialog and the note panel. */
export function AnalysisDetailsPage() {
  const { id, index } = useDetailParams(CONTENT_INDEXES.insight);
  const collect = useDetailCollect(id, index);
  return (
    <DetailWithNotes id={id} index={index}>
      <DetailErrorBoundary>
        <AnalysisDetail onFavorite={collect.open} />
      </DetailErrorBoundary>
      {collect.dialog}
    </DetailWithNotes>
  );
}
