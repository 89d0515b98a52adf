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
