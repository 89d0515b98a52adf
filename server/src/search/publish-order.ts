/**
 * Search rows are keyed by publish order, not by insertion order: `ord` = publish second ×
 * 2^20 + a sequence number inside that second. Newest-first is then a backwards walk of
 * the primary key (the FTS5 rowid), and a document back-filled years later still lands
 * among its contemporaries. 2^20 per second leaves room for bulk imports that stamp a
 * whole day with the same time; seconds up to year 2242 keep `ord` a safe JS integer.
 */
export const ORD_SLOTS_PER_SECOND = 2 ** 20;

export function publishSecond(publishedAtMs: number): number {
  return Math.floor(publishedAtMs / 1000);
}

/** The smallest and largest `ord` a document published in `second` can get. */
export function ordRangeOfSecond(second: number): { first: number; last: number } {
  const first = second * ORD_SLOTS_PER_SECOND;
  return { first, last: first + ORD_SLOTS_PER_SECOND - 1 };
}

export function secondOfOrd(ord: number): number {
  return Math.floor(ord / ORD_SLOTS_PER_SECOND);
}

/**
 * The next `ord` in `second` given the largest one already used there (null: none).
 * Later writes of the same second sort as newer, which is what "published at the same
 * time, added later" should mean.
 */
export function nextOrdInSecond(second: number, maxUsed: number | null): number {
  const { first, last } = ordRangeOfSecond(second);
  if (maxUsed === null || maxUsed < first) {
    return first;
  }
  if (maxUsed >= last) {
    throw new Error(
      `search index: more than ${ORD_SLOTS_PER_SECOND} documents published in second ${second}`,
    );
  }
  return maxUsed + 1;
}
