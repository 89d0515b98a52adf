import type {
  TThirdPartyLoginReply,
  TWechatLoginReply,
  TWechatQr,
  TWechatStatus,
  ZBindPhoneRequest,
  ZUcossQuery,
  ZWechatLoginQuery,
} from '../account.ts';
import type { TLoginReply, ZLoginQuery, ZSendCodeQuery } from '../auth.ts';
import type { z } from 'zod';
import { get, post } from './endpoint.ts';

/**
 * Signing in and out (spec §7 "Login"): SMS code, third-party sign-in (SSO, WeChat) and binding
 * a phone to a verified third-party account. Open to visitors except logout.
 */
export const authApi = {
  sendCode: get('/api/sendCode').takes<z.input<typeof ZSendCodeQuery>>().returns<null>(),
  login: get('/api/login').takes<z.input<typeof ZLoginQuery>>().returns<TLoginReply>(),
  logout: post('/api/logout').returns<null>(),
  /** The SSO entry's parameters: a session, or what /phone_verify needs to bind a phone. */
  ucoss: get('/api/ucoss').takes<z.input<typeof ZUcossQuery>>().returns<TThirdPartyLoginReply>(),
  bindPhone: post('/api/bindPhone').takes<z.input<typeof ZBindPhoneRequest>>().returns<TLoginReply>(),
  /** Which WeChat entries the login page shows (ours). */
  wechatStatus: get('/api/wx/status').returns<TWechatStatus>(),
  /** WeChat Open Platform's login page. */
  wechatOpenQr: get('/api/wxLoginQR').returns<TWechatQr>(),
  /** The official account's QR image. */
  wechatOfficialQr: get('/api/wx/official/login/qrcode').returns<TWechatQr>(),
  /** `code` + `state` from WeChat's redirect, or `poll` while a QR is shown. */
  wechatLogin: get('/api/wx/official/login')
    .takes<z.input<typeof ZWechatLoginQuery>>()
    .returns<TWechatLoginReply>(),
};
