import { z } from 'zod';
import { MSG } from '../messages.ts';
import { CODE_PATTERN, PHONE_PATTERN } from './patterns.ts';
import { matches, required, textRule, textSchema } from './rule.ts';

/** Mainland mobile number; an empty value reads as a bad number. */
export const validatePhone = textRule(matches(PHONE_PATTERN, MSG.contactPhone));

/** Six-digit code from SMS or e-mail: required, then six digits. */
export const validateCode = textRule(required(MSG.codeRequired), matches(CODE_PATTERN, MSG.codeWrong));

/** Zod primitives shared by a form and the API that receives it. */
export const phoneField = textSchema(validatePhone);
export const smsCodeField = textSchema(validateCode);

/** A row id (our ids are auto-increment integers); accepts "12" from a URL as well as 12. */
export const idField = z.coerce
  .number<number | string>({ error: MSG.badRequest })
  .int({ error: MSG.badRequest })
  .positive({ error: MSG.badRequest });
