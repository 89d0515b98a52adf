import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { AUTH_TEXT } from '../texts.ts';

/** /connect: always reachable; the messaging-app login action. A placeholder until this capability is built. */
export function ConnectPage() {
  return <PagePlaceholder title={AUTH_TEXT.connectTitle} description={AUTH_TEXT.connectHint} />;
}
