import { DetailErrorBoundary } from '../../detail/components/DetailErrorBoundary.tsx';
import { HeadlineDetail } from '../components/HeadlineDetail.tsx';

/** 头条详情 (/headlines/headlines_details/:id?id&index). */
export function HeadlinesDetailsPage() {
  return (
    <DetailErrorBoundary>
      <HeadlineDetail />
    </DetailErrorBoundary>
  );
}
