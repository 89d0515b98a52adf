import { callProvider, ProviderError } from '../http-call.ts';
import type { WechatApp } from '../../config.ts';
import type { Clock } from '../clock.ts';

/** A token is renewed this long before WeChat says it expires, so no call races its expiry. */
const RENEW_BEFORE_MS = 5 * 60_000;

/** WeChat's "access_token invalid" (40001) and "access_token expired" (42001). */
export const TOKEN_REFUSED = new Set([40001, 42001]);

/** Thrown when WeChat answers with an errcode; `errcode` goes to the log. */
export class WechatApiError extends Error {
  constructor(
    readonly errcode: number,
    errmsg: string,
  ) {
    super(`wechat errcode ${errcode}: ${errmsg}`);
    this.name = 'WechatApiError';
  }
}

/**
 * The app's interface-call token from `POST {api}/cgi-bin/stable_token` (normal mode), kept until
 * shortly before it expires. The stable token, unlike `/cgi-bin/token`, is the same for every
 * caller, so the cluster's workers never invalidate each other's tokens. Concurrent callers
 * share one request.
 */
export function createAccessToken(apiBase: string, app: WechatApp, clock: Clock) {
  let cached: { token: string; renewAt: number } | null = null;
  let pending: Promise<string> | null = null;

  const fetchToken = async (): Promise<string> => {
    const res = await callProvider('wechat', `${apiBase}/cgi-bin/stable_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credential', appid: app.appId, secret: app.secret }),
    });
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (body && typeof body.errcode === 'number' && body.errcode !== 0) {
      throw new WechatApiError(body.errcode, String(body.errmsg));
    }
    const token = body?.access_token;
    const expiresIn = body?.expires_in;
    if (typeof token !== 'string' || token === '' || typeof expiresIn !== 'number') {
      throw new ProviderError('wechat', 'stable_token reply has no access_token/expires_in');
    }
    cached = { token, renewAt: clock.now().getTime() + expiresIn * 1000 - RENEW_BEFORE_MS };
    return token;
  };

  return {
    /** A live token: the cached one, or a new one when it is near expiry or was refused. */
    async get(): Promise<string> {
      if (cached && clock.now().getTime() < cached.renewAt) {
        return cached.token;
      }
      pending ??= fetchToken().finally(() => {
        pending = null;
      });
      return pending;
    },

    /** WeChat refused `token` (40001/42001): forget it, unless a newer one already replaced it. */
    invalidate(token: string): void {
      if (cached?.token === token) {
        cached = null;
      }
    },
  };
}
