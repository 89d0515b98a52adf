import { CONTENT_INDEXES } from '@portal/contract';
import { DetailErrorBoundary } from '../../../entities/detail/components/DetailErrorBoundary.tsx';
import { useDetailParams } from '../../../entities/detail/useDetailParams.ts';
import { useDetailCollect } from '../../../entities/favorites/components/useDetailCollect.tsx';
import { DetailWithNotes } from '../../../entities/notes/components/DetailWithNotes.tsx';
import { ReportDetail } from '../components/ReportDetail.tsx';

/** 报告详情 (/report/report_details/:id?id&index, /report_details/:id), with the collection dialog and the note panel. */
export function ReportDetailsPage() {
  const { id, index } = useDetailParams(CONTENT_INDEXES.report);
  const collect = useDetailCollect(id, index);
  return (
    <DetailWithNotes id={id} index={index}>
      <DetailErrorBoundary>
        <ReportDetail onFavorite={collect.open} />
      </DetailErrorBoundary>
      {collect.dialog}
    </DetailWithNotes>
  );
}
