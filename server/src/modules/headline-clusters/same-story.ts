import { hamming } from './simhash.ts';

/**
 * SimHash fingerprints at most this many bits apart tell one story (measured on LABELLED_PAIRS
 * by `npm run bench:feeds -- --threshold`; see README).
 */
export const SAME_STORY_BITS = 9;

const FIGURE = /\d+(?:\.\d+)?/g;

/**
 * The figures a title states (47, 50.6, 2025). Two titles that both state figures and share none
 * report different facts — 增长 15% and 增长 30%, 4 亿元 and 73 亿元 — however alike their words.
 */
export function titleFigures(title: string): string[] {
  return title.normalize('NFKC').match(FIGURE) ?? [];
}

export type StoryKey = { simhash: string; figures: readonly string[] };

/** One story: fingerprints within `bits` and no conflict between the titles' figures. */
export function sameStory(a: StoryKey, b: StoryKey, bits = SAME_STORY_BITS): boolean {
  if (hamming(a.simhash, b.simhash) > bits) {
    return false;
  }
  if (a.figures.length > 0 && b.figures.length > 0) {
    const mine = new Set(a.figures);
    return b.figures.some((f) => mine.has(f));
  }
  return true;
}
