import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { SUBSCRIPTIONS_TEXT } from '../texts.ts';

/** 订阅引导 after the first login (/login_keyword). A placeholder until this capability is built. */
export function LoginKeywordPage() {
  return <PagePlaceholder title={SUBSCRIPTIONS_TEXT.onboardingTitle} />;
}
