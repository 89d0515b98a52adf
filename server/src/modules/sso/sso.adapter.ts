import type { TUcossQuery } from '@portal/contract';
import { callProvider, ProviderError } from '../../platform/http-call.ts';

/** What a configured SSO says about a verified user. `phone` lets us sign in without a bind step. */
export type SsoUser = { userId: string; phone: string; nickname: string; avatar: string };

/** Thrown when the SSO answers, but says no (bad or expired token). */
export class SsoRefusedError extends Error {}

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');

/**
 * Verifies the three parameters of /ucoss/{id} against the SSO endpoint: `GET {SSO_VERIFY_URL}
 * ?uc_toolid=&uc_userid=&uc_token=` answering JSON `{code: 0, data: {userid, phone?, nickname?,
 * avatar?}}`. Any other code, or a different userid, is a refusal; no answer is a ProviderError.
 */
export async function verifySsoToken(verifyUrl: string, query: TUcossQuery): Promise<SsoUser> {
  const url = new URL(verifyUrl);
  url.searchParams.set('uc_toolid', query.uc_toolid);
  url.searchParams.set('uc_userid', query.uc_userid);
  url.searchParams.set('uc_token', query.uc_token);
  const res = await callProvider('sso', url.toString(), {
    method: 'GET',
    headers: { accept: 'application/json' },
  });
  const body = (await res.json().catch(() => null)) as {
    code?: unknown;
    data?: Record<string, unknown>;
  } | null;
  if (!body || typeof body.code !== 'number') {
    throw new ProviderError('sso', 'reply is not {code, data}');
  }
  if (body.code !== 0 || !body.data) {
    throw new SsoRefusedError(`sso code ${body.code}`);
  }
  const userId = text(body.data.userid ?? body.data.uc_userid, 100);
  if (userId !== query.uc_userid) {
    throw new SsoRefusedError('sso verified another user');
  }
  return {
    userId,
    phone: text(body.data.phone, 20),
    nickname: text(body.data.nickname, 100),
    avatar: text(body.data.avatar, 600),
  };
}
