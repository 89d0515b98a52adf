import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { FEEDBACK_TEXT } from '../texts.ts';

/** 意见反馈 (/feedback). A placeholder until this capability is built. */
export function FeedbackPage() {
  return <PagePlaceholder title={FEEDBACK_TEXT.title} />;
}
