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
import { api } from '../../api/client.ts';

/** GET /api/sendCode: sends a login code by SMS. */
export function sendCode(phone: string): Promise<unknown> {
  return api.get<unknown>('/api/sendCode', { phone });
}

/** GET /api/login: exchanges phone + code for a session token. */
export function login(phone: string, code: string): Promise<TLoginReply> {
  return api.get<TLoginReply>('/api/login', { phone, code });
}

/** POST /api/logout: revokes the token. Failure is silent: the client forgets the token anyway. */
export function logout(): Promise<unknown> {
  return api.post<unknown>('/api/logout', {}, { notify: false });
}

/** POST /api/bindPhone: binds a phone (proven by its SMS code) to a verified third-party account. */
export function bindPhone(info: TBindInfo, phone: string, code: string): Promise<TLoginReply> {
  return api.post<TLoginReply>('/api/bindPhone', { ...info, phone, code });
}

/** GET /api/ucoss: verifies the SSO entry's parameters; a session or a bind step. Errors are shown in place. */
export function ucossLogin(query: TUcossQuery): Promise<TThirdPartyLoginReply> {
  return api.get<TThirdPartyLoginReply>('/api/ucoss', query, { notify: false });
}

/** GET /api/wx/status: which WeChat entries to show (none when not configured). */
export function wechatStatus(): Promise<TWechatStatus> {
  return api.get<TWechatStatus>('/api/wx/status', undefined, { notify: false });
}

/** GET /api/wxLoginQR ('open') or /api/wx/official/login/qrcode ('official'). */
export function wechatQr(kind: 'open' | 'official'): Promise<TWechatQr> {
  return api.get<TWechatQr>(kind === 'open' ? '/api/wxLoginQR' : '/api/wx/official/login/qrcode');
}

/** GET /api/wx/official/login: with code + state (WeChat's redirect) or poll (the waiting page). */
export function wechatLogin(query: TWechatLoginQuery, notify = false): Promise<TWechatLoginReply> {
  return api.get<TWechatLoginReply>('/api/wx/official/login', query, { notify });
}
