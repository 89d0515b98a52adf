import { wordGrams, type QueryTerm } from './segmenter.ts';

/**
 * The re-stamp pass (word-stamps.ts): a word registered after documents were indexed stays on
 * its bigram phrase until every document carries a stamp at or above its id. A step takes the
 * lowest stamp in the index (its *level*) and, in publish order from `after`, RESTAMP_BATCH of
 * the documents at that level: it queues for re-segmenting (`search_rebuild`) the ones whose
 * text may hold a word registered after the level — they match the word or its bigram phrase —
 * and gives the others the current stamp. Each step is one write transaction (PostgreSQL: under
 * the index's write lock), so no document is written between the check and the raise. Once a
 * level is walked (`next` null) the queued documents are written again, which stamps them, and
 * the next lowest level comes up (modules/search/search-restamp.ts).
 */
export const RESTAMP_BATCH = 2_000;
/** Words OR-ed into one match expression. */
export const RESTAMP_WORDS_PER_MATCH = 64;

/**
 * One step: the level it walked (null: every document is at the current stamp), where the next
 * step starts (null: the level is walked), and how many documents it queued and raised.
 */
export type RestampStep = { level: number | null; next: number | null; queued: number; raised: number };

export const NOTHING_TO_RESTAMP: RestampStep = { level: null, next: null, queued: 0, raised: 0 };

/** A registered word as a query term: its token, or its bigrams side by side. */
export function restampTerm(word: string): QueryTerm {
  return { word, grams: wordGrams(word) };
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(items.slice(i, i + size));
  }
  return out;
}
