import { CONTENT_INDEXES } from '@portal/contract';
import { DetailErrorBoundary } from '../../../entities/detail/components/DetailErrorBoundary.tsx';
import { useDetailParams } from '../../../entities/detail/useDetailParams.ts';
import { useDetailCollect } from '../../../entities/favorites/components/useDetailCollect.tsx';
import { DetailWithNotes } from '../../../entities/notes/components/DetailWithNotes.tsx';
import { HeadlineDetail } from '../components/HeadlineDetail.tsx';

/** 头条详情 (/headlines/headlines_details/:id?id&index), with the collection dialog and the note panel. */
export function HeadlinesDetailsPage() {
  const { id, index } = useDetailParams(CONTENT_INDEXES.business);
  const collect = useDetailCollect(id, index);
  return (
    <DetailWithNotes id={id} index={index}>
      <DetailErrorBoundary>
        <HeadlineDetail onFavorite={collect.open} />
      </DetailErrorBoundary>
      {collect.dialog}
    </DetailWithNotes>
  );
}
