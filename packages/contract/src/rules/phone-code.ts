import { MSG } from '../messages.ts';
import { CODE_PATTERN, PHONE_PATTERN } from './patterns.ts';
import { matches, required, textRule } from './rule.ts';

// Validators only (no zod): the login form's first screen loads this file.

/** Mainland mobile number; an empty value reads as a bad number. */
export const validatePhone = textRule(matches(PHONE_PATTERN, MSG.contactPhone));

/** Six-digit code from SMS or e-mail: required, then six digits. */
export const validateCode = textRule(required(MSG.codeRequired), matches(CODE_PATTERN, MSG.codeWrong));
