import type {
  TBindInfo,
  TLoginReply,
  TThirdPartyLoginReply,
  TUcossQuery,
  TWechatLoginQuery,
  TWechatLoginReply,
  TWechatQr,
  TWechatStatus,
} from '@portal/contract';
import { authApi } from '@portal/contract';
import { call } from '../../api/client.ts';

/** Sends a login code by SMS. */
export function sendCode(phone: string): Promise<null> {
  return call(authApi.sendCode, { phone });
}

/** Exchanges phone + code for a session token. */
export function login(phone: string, code: string): Promise<TLoginReply> {
  return call(authApi.login, { phone, code });
}

/** Revokes the token. Failure is silent: the client forgets the token anyway. */
export function logout(): Promise<null> {
  return call(authApi.logout, undefined, { notify: false });
}

/** Binds a phone (proven by its SMS code) to a verified third-party account. */
export function bindPhone(info: TBindInfo, phone: string, code: string): Promise<TLoginReply> {
  return call(authApi.bindPhone, { ...info, phone, code });
}

/** Verifies the SSO entry's parameters; a session or a bind step. Errors are shown in place. */
export function ucossLogin(query: TUcossQuery): Promise<TThirdPartyLoginReply> {
  return call(authApi.ucoss, query, { notify: false });
}

/** Which WeChat entries to show (none when not configured). */
export function wechatStatus(): Promise<TWechatStatus> {
  return call(authApi.wechatStatus, undefined, { notify: false });
}

/** The Open Platform's login page ('open') or the official account's QR ('official'). */
export function wechatQr(kind: 'open' | 'official'): Promise<TWechatQr> {
  return kind === 'open' ? call(authApi.wechatOpenQr, undefined) : call(authApi.wechatOfficialQr, undefined);
}

/** With code + state (WeChat's redirect) or poll (the waiting page). */
export function wechatLogin(query: TWechatLoginQuery, notify = false): Promise<TWechatLoginReply> {
  return call(authApi.wechatLogin, query, { notify });
}
