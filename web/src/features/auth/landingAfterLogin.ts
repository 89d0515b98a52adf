import { STATIC_ROUTES, type TLoginReply } from '@portal/contract';

/**
 * Where a fresh session starts: onboarding (/login_keyword) until the user has saved keyword
 * subscriptions (spec §4), otherwise `/`, which the guard takes on to /homepage once roles and
 * routes are fetched. Every way in — phone login, phone binding, SSO, WeChat — lands here.
 */
export function landingAfterLogin(reply: Pick<TLoginReply, 'set_keyword_status'>): string {
  return reply.set_keyword_status === 1 ? '/' : STATIC_ROUTES.loginKeyword.path;
}
