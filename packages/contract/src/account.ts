import { z } from 'zod';
import { MSG } from './messages.ts';
import { ZLoginReply } from './auth.ts';
import { phoneField, smsCodeField } from './rules/fields.ts';
import { maxChars, required, textRule } from './rules/rule.ts';
import { textSchema } from './rules/schema.ts';
import { ZSessionUser } from './session.ts';

/** Longest nickname, in characters (Chinese, Latin or emoji each count 1). */
export const NICKNAME_MAX = 20;

/** Nickname: trimmed, 1–20 characters. Any text is allowed; it is always shown as text. */
export const validateNickname = textRule(
  required(MSG.nicknameRequired),
  maxChars(NICKNAME_MAX, MSG.nicknameTooLong),
);
export const nicknameField = textSchema(validateNickname);

/** GET /api/user/set/get_user_info: the signed-in user's profile (spec §3 "Session user"). */
export const ZUserInfo = ZSessionUser;
export type TUserInfo = z.infer<typeof ZUserInfo>;

/** POST /api/user/set/nickname */
export const ZSetNicknameRequest = z.object({ nickname: nicknameField });
export type TSetNicknameRequest = z.infer<typeof ZSetNicknameRequest>;

/**
 * POST /api/user/set/update_user_info: the profile fields in one call. `avatar` may only be
 * set to '' (back to the initial); a new picture goes through POST /api/user/set/avatar.
 */
export const ZUpdateUserInfoRequest = z
  .object({ nickname: nicknameField.optional(), avatar: z.literal('', { error: MSG.badRequest }).optional() })
  .refine((body) => body.nickname !== undefined || body.avatar !== undefined, { error: MSG.badRequest });
export type TUpdateUserInfoRequest = z.infer<typeof ZUpdateUserInfoRequest>;

/** POST /api/user/set/phone: the new phone and the SMS code sent to it (GET /api/sendCode). */
export const ZSetPhoneRequest = z.object({ phone: phoneField, code: smsCodeField });
export type TSetPhoneRequest = z.infer<typeof ZSetPhoneRequest>;

/** Longest side of an avatar the server keeps; the web crops and scales to this square. */
export const AVATAR_PIXELS = 256;

/** GET /api/user_private: the privacy policy, plain text (`# ` starts a heading line). */
export const ZPrivacyPolicy = z.object({ title: z.string(), text: z.string() });
export type TPrivacyPolicy = z.infer<typeof ZPrivacyPolicy>;

/** Third-party sign-in providers of POST /api/bindPhone `type`. */
export const THIRD_PARTY_TYPES = ['wechat', 'sso'] as const;
export type TThirdPartyType = (typeof THIRD_PARTY_TYPES)[number];

/**
 * A verified third-party account with no portal user yet: /phone_verify binds a phone to it.
 * `bind_ticket` proves the verification happened on this portal; it lives 30 minutes.
 */
export const ZBindInfo = z.object({
  type: z.enum(THIRD_PARTY_TYPES),
  bind_ticket: z.string(),
  wx_openid: z.string(),
  wx_unionid: z.string(),
  nickname: z.string(),
  avatar: z.string(),
});
export type TBindInfo = z.infer<typeof ZBindInfo>;

/** Reply of a third-party sign-in: a session (`login`), or what /phone_verify needs (`bind`). */
export const ZThirdPartyLoginReply = z.object({
  need_bind: z.union([z.literal(0), z.literal(1)]),
  login: ZLoginReply.nullable(),
  bind: ZBindInfo.nullable(),
});
export type TThirdPartyLoginReply = z.infer<typeof ZThirdPartyLoginReply>;

/** POST /api/bindPhone (spec §7: phone, code, wx_openid, wx_unionid, nickname, avatar, type) + bind_ticket. */
export const ZBindPhoneRequest = z.object({
  phone: phoneField,
  code: smsCodeField,
  type: z.enum(THIRD_PARTY_TYPES, { error: MSG.bindExpired }),
  bind_ticket: z
    .string({ error: MSG.bindExpired })
    .min(1, { error: MSG.bindExpired })
    .max(100, { error: MSG.bindExpired }),
  wx_openid: z.string().max(200).optional(),
  wx_unionid: z.string().max(200).optional(),
  nickname: z.string().max(100).optional(),
  avatar: z.string().max(600).optional(),
});
export type TBindPhoneRequest = z.infer<typeof ZBindPhoneRequest>;

/** GET /api/ucoss: the SSO entry's three parameters. */
export const ZUcossQuery = z.object({
  uc_toolid: z
    .string({ error: MSG.ssoRefused })
    .trim()
    .min(1, { error: MSG.ssoRefused })
    .max(100, { error: MSG.ssoRefused }),
  uc_userid: z
    .string({ error: MSG.ssoRefused })
    .trim()
    .min(1, { error: MSG.ssoRefused })
    .max(100, { error: MSG.ssoRefused }),
  uc_token: z
    .string({ error: MSG.ssoRefused })
    .trim()
    .min(1, { error: MSG.ssoRefused })
    .max(2000, { error: MSG.ssoRefused }),
});
export type TUcossQuery = z.infer<typeof ZUcossQuery>;

/** GET /api/wx/status (ours): which WeChat entries the login page shows. */
export const ZWechatStatus = z.object({ open: z.boolean(), official: z.boolean() });
export type TWechatStatus = z.infer<typeof ZWechatStatus>;

/**
 * GET /api/wxLoginQR and /api/wx/official/login/qrcode: the WeChat page or QR image (data URL,
 * official account only) and the `poll` key the page polls with (the state inside the QR is
 * visible to anyone who sees it; the poll key is not).
 */
export const ZWechatQr = z.object({ url: z.string(), poll: z.string(), qrcode: z.string() });
export type TWechatQr = z.infer<typeof ZWechatQr>;

const wechatParam = z
  .string({ error: MSG.wechatExpired })
  .min(1, { error: MSG.wechatExpired })
  .max(200, { error: MSG.wechatExpired });

/** GET /api/wx/official/login: `code` + `state` from WeChat's redirect (/connect), or `poll` alone. */
export const ZWechatLoginQuery = z
  .object({ code: wechatParam.optional(), state: wechatParam.optional(), poll: wechatParam.optional() })
  .refine((q) => (q.code !== undefined && q.state !== undefined) || q.poll !== undefined, {
    error: MSG.wechatExpired,
  });
export type TWechatLoginQuery = z.infer<typeof ZWechatLoginQuery>;

/** Poll reply: `waiting` until the phone has scanned, then the sign-in reply once. */
export const ZWechatLoginReply = ZThirdPartyLoginReply.extend({ waiting: z.boolean() });
export type TWechatLoginReply = z.infer<typeof ZWechatLoginReply>;
