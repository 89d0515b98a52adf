import type { TMessage } from '../messages.ts';
import { EMAIL_MAX } from '../constants.ts';
import { EMAIL_PATTERN } from './patterns.ts';
import { charLength, countedLength } from './text.ts';

/**
 * How rules are written once: a rule is a list of checks on trimmed text, wrapped by
 * `textRule` into a form validator (message or null). `textSchema` turns that same
 * validator into the zod schema the server parses with.
 */

/** Text as a form holds it: an untouched antd field is undefined. */
export type TFormText = string | null | undefined;
/** A form rule: the Chinese message to show, or null when the value is fine. */
export type TValidator<T = TFormText> = (value: T) => TMessage | null;
/** One check on already trimmed text. */
export type TCheck = (text: string) => TMessage | null;

/** Trimmed text; null and undefined read as empty. */
export function cleanText(value: TFormText): string {
  return (value ?? '').trim();
}

/** A validator that trims, then runs the checks in order and reports the first failure. */
export function textRule(...checks: readonly TCheck[]): TValidator {
  return (value) => {
    const text = cleanText(value);
    for (const check of checks) {
      const message = check(text);
      if (message !== null) {
        return message;
      }
    }
    return null;
  };
}

/** Lets empty text pass; anything typed must satisfy `rule`. */
export function optionalRule(rule: TValidator): TValidator {
  return (value) => (cleanText(value) === '' ? null : rule(value));
}

export const required =
  (message: TMessage): TCheck =>
  (text) =>
    text === '' ? message : null;

/** At most `max` counted characters (a Chinese character counts 2). */
export const maxCounted =
  (max: number, message: TMessage): TCheck =>
  (text) =>
    countedLength(text) > max ? message : null;

/** Between `min` and `max` plain characters (code points). */
export const charsBetween =
  (min: number, max: number, message: TMessage): TCheck =>
  (text) => {
    const n = charLength(text);
    return n < min || n > max ? message : null;
  };

/** At most `max` plain characters (code points). */
export const maxChars = (max: number, message: TMessage): TCheck => charsBetween(0, max, message);

export const matches =
  (pattern: RegExp, message: TMessage): TCheck =>
  (text) =>
    pattern.test(text) ? null : message;

/** A standard e-mail address of at most 254 characters (checked first: it bounds the regex). */
export function isEmail(text: string): boolean {
  return text.length <= EMAIL_MAX && EMAIL_PATTERN.test(text);
}

export const email =
  (message: TMessage): TCheck =>
  (text) =>
    isEmail(text) ? null : message;

/** A rule over a whole list of texts (count limits, duplicates), given trimmed items. */
export type TListValidator = (items: readonly string[]) => TMessage | null;
