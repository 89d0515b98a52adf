import type { TThirdPartyLoginReply } from '@portal/contract';
import { STATIC_ROUTES } from '@portal/contract';
import { startSession } from '../../app/session/session.ts';
import { clearBindInfo, saveBindInfo } from './bindInfo.ts';
import { landingAfterLogin } from './landingAfterLogin.ts';

/**
 * After a third-party sign-in: a session goes where a phone login would (landingAfterLogin); an
 * account with no phone yet goes to /phone_verify. Returns the path to navigate to.
 */
export function finishThirdParty(reply: TThirdPartyLoginReply): string {
  if (reply.login) {
    clearBindInfo();
    startSession(reply.login);
    return landingAfterLogin(reply.login);
  }
  if (reply.bind) {
    saveBindInfo(reply.bind);
    return STATIC_ROUTES.phoneVerify.path;
  }
  return STATIC_ROUTES.login.path;
}
