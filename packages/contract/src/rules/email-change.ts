import { z } from 'zod';
import { MSG } from '../messages.ts';
import { validateCode } from './phone-code.ts';
import { email, textRule } from './rule.ts';
import { textSchema } from './schema.ts';

/** The new address in the change-e-mail dialog; empty reads as invalid. */
export const validateNewEmail = textRule(email(MSG.changeEmailInvalid));

/** The e-mailed code: required (请输入验证码！), then six digits. */
export const validateEmailCode = validateCode;

export const newEmailField = textSchema(validateNewEmail);
export const emailCodeField = textSchema(validateEmailCode);

/** GET /api/email/send/code?email= */
export const ZEmailCodeQuery = z.object({ email: newEmailField });
export type TEmailCodeQuery = z.infer<typeof ZEmailCodeQuery>;

/** POST /api/user/set/email */
export const ZSetEmailRequest = z.object({ email: newEmailField, code: emailCodeField });
export type TSetEmailRequest = z.infer<typeof ZSetEmailRequest>;
