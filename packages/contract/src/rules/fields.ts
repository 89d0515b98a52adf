import { z } from 'zod';
import { MSG } from '../messages.ts';
import { validateCode, validatePhone } from './phone-code.ts';
import { textSchema } from './schema.ts';

/** Zod primitives shared by a form and the API that receives it. */
export const phoneField = textSchema(validatePhone);
export const smsCodeField = textSchema(validateCode);

/** The largest row id: ids are 32-bit integer columns on PostgreSQL (and SQLite shares the rule). */
export const ID_MAX = 2_147_483_647;

/**
 * A row id — every id a request names (`id`, `detail_id`, `data_id`, `favorite_id`, …) goes
 * through this one schema: a positive integer of at most `ID_MAX`, given as a number or as its
 * digits (from a URL). Bounding it here makes a huge id a 400 rather than a database error on
 * PostgreSQL; only digits are read, so "1e3", "0x10" or "" are refused rather than coerced.
 */
export const idField = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,16}$/, { error: MSG.badRequest }),
    ],
    { error: MSG.badRequest },
  )
  .pipe(
    z.coerce
      .number<number | string>({ error: MSG.badRequest })
      .int({ error: MSG.badRequest })
      .min(1, { error: MSG.badRequest })
      .max(ID_MAX, { error: MSG.badRequest }),
  );

/** The same id as decimal text: how content ids travel (a hit's `_id`, `detail_id`, `data_id`). */
export const idTextField = idField.transform(String);
