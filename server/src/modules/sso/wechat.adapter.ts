import type { WechatApp } from '../../config.ts';
import { callProvider, ProviderError } from '../../platform/http-call.ts';

export type WechatUser = { openid: string; unionid: string; nickname: string; avatar: string };

/** Thrown when WeChat answers with an errcode (a used or expired code). */
export class WechatRefusedError extends Error {}

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');

async function getJson(url: URL): Promise<Record<string, unknown>> {
  const res = await callProvider('wechat', url.toString(), { method: 'GET' });
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body) {
    throw new ProviderError('wechat', 'reply is not JSON');
  }
  if (typeof body.errcode === 'number' && body.errcode !== 0) {
    throw new WechatRefusedError(`errcode ${body.errcode}: ${String(body.errmsg)}`);
  }
  return body;
}

/**
 * WeChat web authorisation (open-platform website QR login and official-account OAuth work the
 * same): `GET {api}/sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code`
 * → `{access_token, openid, unionid?}`, then `GET {api}/sns/userinfo?access_token&openid`
 * → `{nickname, headimgurl, unionid?}`.
 */
export async function wechatUserForCode(apiBase: string, app: WechatApp, code: string): Promise<WechatUser> {
  const tokenUrl = new URL(`${apiBase}/sns/oauth2/access_token`);
  tokenUrl.search = new URLSearchParams({
    appid: app.appId,
    secret: app.secret,
    code,
    grant_type: 'authorization_code',
  }).toString();
  const token = await getJson(tokenUrl);
  const accessToken = text(token.access_token, 512);
  const openid = text(token.openid, 128);
  if (accessToken === '' || openid === '') {
    throw new ProviderError('wechat', 'no access_token/openid');
  }
  const infoUrl = new URL(`${apiBase}/sns/userinfo`);
  infoUrl.search = new URLSearchParams({ access_token: accessToken, openid, lang: 'zh_CN' }).toString();
  const info = await getJson(infoUrl);
  return {
    openid,
    unionid: text(info.unionid ?? token.unionid, 128),
    nickname: text(info.nickname, 100),
    avatar: text(info.headimgurl, 600),
  };
}

/** The page WeChat shows the QR on (website app) or authorises in (official account, inside WeChat). */
export function wechatAuthorizeUrl(
  kind: 'open' | 'official',
  app: WechatApp,
  redirectUri: string,
  state: string,
): string {
  const params = new URLSearchParams({
    appid: app.appId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: kind === 'open' ? 'snsapi_login' : 'snsapi_userinfo',
    state,
  });
  const page =
    kind === 'open'
      ? 'https://open.weixin.qq.com/connect/qrconnect'
      : 'https://open.weixin.qq.com/connect/oauth2/authorize';
  return `${page}?${params.toString()}#wechat_redirect`;
}
