import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { SUBSCRIPTIONS_TEXT } from '../texts.ts';

/** 邮件退订 (/unsubscribe?from_where=). A placeholder until this capability is built. */
export function UnsubscribePage() {
  return <PagePlaceholder title={SUBSCRIPTIONS_TEXT.unsubscribeTitle} />;
}
