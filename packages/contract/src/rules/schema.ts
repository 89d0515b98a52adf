import { z } from 'zod';
import { MSG } from '../messages.ts';
import type { TListValidator, TValidator } from './rule.ts';

// The zod side of the rules (the server parses with these). Kept apart from rule.ts so that a
// screen importing only validators (the login form) does not load zod.

/**
 * The zod schema of a text field: trims, then runs `validate`, so the server refuses
 * exactly what the form refuses, with the same message. A missing or non-string value
 * gets the message the validator gives for empty text.
 */
export function textSchema(validate: TValidator) {
  return z
    .string({ error: validate('') ?? MSG.badRequest })
    .trim()
    .superRefine((text, ctx) => {
      const message = validate(text);
      if (message !== null) {
        ctx.addIssue(message);
      }
    });
}

/**
 * The zod schema of a list of texts: trims each item, then runs `validate` on the list.
 * A missing list gets the message the validator gives for an empty list.
 */
export function textListSchema(validate: TListValidator) {
  return z
    .array(z.string({ error: MSG.badRequest }).trim(), { error: validate([]) ?? MSG.badRequest })
    .superRefine((items, ctx) => {
      const message = validate(items);
      if (message !== null) {
        ctx.addIssue(message);
      }
    });
}
