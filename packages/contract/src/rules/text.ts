/**
 * "Counted characters" (spec §5, §9): a Chinese character counts 2, anything else 1.
 * Counts code points, so an emoji is one character, not two UTF-16 units.
 */
const HAN = /\p{Script=Han}/u;

export function countedLength(text: string): number {
  let n = 0;
  for (const ch of text) {
    n += HAN.test(ch) ? 2 : 1;
  }
  return n;
}

/** Plain character count: code points, so a Chinese character or an emoji counts 1. */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) {
    n += 1;
  }
  return n;
}

/**
 * Control characters other than tab, line feed and carriage return (C0, DEL, C1). Nobody types
 * them, PostgreSQL cannot store U+0000 in text at all, and SQLite would store what PostgreSQL
 * refuses: every text a request carries is refused when it holds one, on both databases alike.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasControlChar(text: string): boolean {
  return CONTROL_CHAR.test(text);
}
