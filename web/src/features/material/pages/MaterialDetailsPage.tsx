import { CONTENT_INDEXES } from '@portal/contract';
import { DetailErrorBoundary } from '../../../entities/detail/components/DetailErrorBoundary.tsx';
import { useDetailParams } from '../../../entities/detail/useDetailParams.ts';
import { useDetailCollect } from '../../../entities/favorites/components/useDetailCollect.tsx';
import { DetailWithNotes } from '../../../entities/notes/components/DetailWithNotes.tsx';
import { MaterialDetail } from '../components/MaterialDetail.tsx';

/** 素材详情 (/material/material_details/:id?id&index), with the collection dialog and the note panel. */
export function MaterialDetailsPage() {
  const { id, index } = useDetailParams(CONTENT_INDEXES.material);
  const collect = useDetailCollect(id, index);
  return (
    <DetailWithNotes id={id} index={index}>
      <DetailErrorBoundary>
        <MaterialDetail onFavorite={collect.open} />
      </DetailErrorBoundary>
      {collect.dialog}
    </DetailWithNotes>
  );
}
