import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { ACCOUNT_TEXT } from '../texts.ts';

/** 个人设置 (/self/self_setting). A placeholder until this capability is built. */
export function SelfSettingPage() {
  return <PagePlaceholder title={ACCOUNT_TEXT.selfSettingTitle} />;
}
