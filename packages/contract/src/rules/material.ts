import { z } from 'zod';
import type { TMessage } from '../messages.ts';
import { MSG } from '../messages.ts';

/** One bound of the material length filter, as typed (string) or already parsed (number). */
export type TMaterialLengthInput = string | number | null | undefined;

const DIGITS = /^\d+$/;

/** The bound as a number; undefined when empty (no bound); NaN when not a positive integer. */
export function parseMaterialLength(value: TMaterialLengthInput): number | undefined {
  if (value === null || value === undefined) {
    return undefined;
  }
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (text === '') {
    return undefined;
  }
  const n = Number(text);
  return DIGITS.test(text) && Number.isSafeInteger(n) && n > 0 ? n : NaN;
}

/** An empty bound is allowed (no limit); anything typed must be a positive integer. */
export function validateMaterialLength(value: TMaterialLengthInput): TMessage | null {
  return Number.isNaN(parseMaterialLength(value)) ? MSG.materialLength : null;
}

/** Both bounds, then the lower bound may not exceed the upper. */
export function validateMaterialLengthRange(
  min: TMaterialLengthInput,
  max: TMaterialLengthInput,
): TMessage | null {
  const bad = validateMaterialLength(min) ?? validateMaterialLength(max);
  if (bad !== null) {
    return bad;
  }
  const [low, high] = [parseMaterialLength(min), parseMaterialLength(max)];
  return low !== undefined && high !== undefined && low > high ? MSG.materialLengthOrder : null;
}

/** One bound from a query string or a body: a positive integer, or undefined for none. */
export const materialLengthField = z
  .union([z.string(), z.number()], { error: MSG.materialLength })
  .optional()
  .superRefine((value, ctx) => {
    const message = validateMaterialLength(value);
    if (message !== null) {
      ctx.addIssue(message);
    }
  })
  .transform(parseMaterialLength);

/** The length-range filter of the material list; the server maps it to its query fields. */
export const ZMaterialLengthRange = z
  .object({ min: materialLengthField, max: materialLengthField })
  .superRefine((range, ctx) => {
    if (range.min !== undefined && range.max !== undefined && range.min > range.max) {
      ctx.addIssue({ code: 'custom', message: MSG.materialLengthOrder, path: ['max'] });
    }
  });
export type TMaterialLengthRange = z.infer<typeof ZMaterialLengthRange>;
