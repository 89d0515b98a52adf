import { DetailErrorBoundary } from '../../../entities/detail/components/DetailErrorBoundary.tsx';
import { SharedHeadline } from '../components/SharedHeadline.tsx';

/** 分享的头条 (/headlines_no_token/:id, anonymous, no sidebar or top bar). */
export function HeadlinesNoTokenPage() {
  return (
    <DetailErrorBoundary>
      <SharedHeadline />
    </DetailErrorBoundary>
  );
}
