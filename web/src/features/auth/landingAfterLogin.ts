import { STATIC_ROUTES, type TLoginReply } from '@portal/contract';
import { takeReturnPath } from '../../app/session/returnPath.ts';

/**
 * Where a fresh session starts: onboarding (/login_keyword) until the user has saved keyword
 * subscriptions (spec §4); otherwise the page the user opened before logging in (returnPath.ts),
 * or `/`, which the guard takes on to /homepage once roles and routes are fetched. Every way in —
 * phone login, phone binding, SSO, WeChat — lands here; onboarding keeps the return path for
 * after it is saved.
 */
export function landingAfterLogin(reply: Pick<TLoginReply, 'set_keyword_status'>): string {
  if (reply.set_keyword_status !== 1) {
    return STATIC_ROUTES.loginKeyword.path;
  }
  return takeReturnPath() ?? '/';
}
