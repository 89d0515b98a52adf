import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { LEGAL_TEXT } from '../texts.ts';

/** 用户隐私政策 (/user_private, anonymous). A placeholder until this capability is built. */
export function UserPrivatePage() {
  return <PagePlaceholder title={LEGAL_TEXT.privacyTitle} />;
}
