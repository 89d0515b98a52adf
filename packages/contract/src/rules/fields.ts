import { z } from 'zod';
import { MSG } from '../messages.ts';
import { CODE_PATTERN, PHONE_PATTERN } from './patterns.ts';

/** Zod primitives shared by a form and the API that receives it. */
export const phoneField = z
  .string({ error: MSG.contactPhone })
  .trim()
  .regex(PHONE_PATTERN, { error: MSG.contactPhone });

export const smsCodeField = z
  .string({ error: MSG.codeRequired })
  .trim()
  .min(1, { error: MSG.codeRequired })
  .regex(CODE_PATTERN, { error: MSG.codeWrong });
