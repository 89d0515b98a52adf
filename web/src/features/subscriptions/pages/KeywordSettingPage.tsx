import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { SUBSCRIPTIONS_TEXT } from '../texts.ts';

/** 订阅设置 (/keyword_setting). A placeholder until this capability is built. */
export function KeywordSettingPage() {
  return <PagePlaceholder title={SUBSCRIPTIONS_TEXT.settingTitle} />;
}
