import { z } from 'zod';
import { phoneField, smsCodeField } from './rules/fields.ts';

/** Role ids of `login_role_type` (spec §6). String unions, not enums. */
export const Role = { user: 1, admin: 2 } as const;
export type TRole = (typeof Role)[keyof typeof Role];

/** GET /api/sendCode?phone= */
export const ZSendCodeQuery = z.object({ phone: phoneField });
export type TSendCodeQuery = z.infer<typeof ZSendCodeQuery>;

/** GET /api/login?phone=&code= */
export const ZLoginQuery = z.object({ phone: phoneField, code: smsCodeField });
export type TLoginQuery = z.infer<typeof ZLoginQuery>;

export const ZLoginReply = z.object({
  token: z.string(),
  login_role_type: z.array(z.number().int()),
  /** 1 once the user chose a company type (onboarding step 1), else 0. */
  user_company_type_status: z.number().int(),
  /** 1 once the user saved keyword subscriptions (onboarding step 2), else 0. */
  set_keyword_status: z.number().int(),
  /**
   * When the session ends (epoch ms; SESSION_TTL_DAYS on the server). The web keeps its session
   * cookies exactly that long, so the browser and the server agree on one lifetime. Ours always
   * sends it; optional for the spec's older servers.
   */
  expires_at: z.number().int().optional(),
});
export type TLoginReply = z.infer<typeof ZLoginReply>;

/** Login-code policy (DESIGN.md "Accounts"). One place, used by server rules and the web countdown. */
export const SMS_CODE = {
  length: 6,
  ttlSeconds: 300,
  resendSeconds: 60,
  maxWrongTries: 5,
  /** Codes one phone may request per hour. */
  perPhonePerHour: 5,
  /** Codes one phone may request per 24 hours. */
  perPhonePerDay: 10,
  /** Wrong codes one phone may enter per hour, across all its codes (a new code does not reset it). */
  wrongCodesPerPhonePerHour: 10,
  /** sendCode + login calls one IP may make per 10 minutes. */
  perIpPer10Min: 60,
} as const;
