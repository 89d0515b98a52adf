import { CONTENT_INDEXES } from '@portal/contract';
import { DetailErrorBoundary } from '../../../entities/detail/components/DetailErrorBoundary.tsx';
import { useDetailParams } from '../../../entities/detail/useDetailParams.ts';
import { useDetailCollect } from '../../../entities/favorites/components/useDetailCollect.tsx';
import { DetailWithNotes } from '../../../entities/notes/components/DetailWithNotes.tsx';
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
