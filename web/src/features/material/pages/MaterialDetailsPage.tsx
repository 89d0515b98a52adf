import { DetailErrorBoundary } from '../../detail/components/DetailErrorBoundary.tsx';
import { MaterialDetail } from '../components/MaterialDetail.tsx';

/** 素材详情 (/material/material_details/:id?id&index). */
export function MaterialDetailsPage() {
  return (
    <DetailErrorBoundary>
      <MaterialDetail />
    </DetailErrorBoundary>
  );
}
