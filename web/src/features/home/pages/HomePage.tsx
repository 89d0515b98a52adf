import { useSession } from '../../../app/session/sessionStore.ts';
import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';
import { HOME_TEXT } from '../texts.ts';

/** 首页 (/homepage): banner carousel and the home content list to come; a welcome line for now. */
export function HomePage() {
  const { user } = useSession();
  const name = user?.nickname || HOME_TEXT.defaultName;
  return <PagePlaceholder title={HOME_TEXT.welcome(name)} description={HOME_TEXT.welcomeHint} />;
}
