import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { AUTH_TEXT } from '../texts.ts';

/** 绑定手机号 (/phone_verify, anonymous): binding a phone to a WeChat login. A placeholder until this capability is built. */
export function PhoneVerifyPage() {
  return <PagePlaceholder title={AUTH_TEXT.phoneVerifyTitle} />;
}
