import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { AUTH_TEXT } from '../texts.ts';

/** 第三方单点登录入口 (/ucoss/:id, anonymous). A placeholder until this capability is built. */
export function UcossPage() {
  return <PagePlaceholder title={AUTH_TEXT.ucossTitle} description={AUTH_TEXT.ucossHint} />;
}
