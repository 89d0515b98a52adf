/** Engagement counters of one content item and its publish time. */
export type HotInputs = {
  views: number;
  downloads: number;
  favorites: number;
  useful: number;
  publishedAt: Date;
  now: Date;
};

/**
 * Weights of one action relative to a view: the more effort an action costs the reader,
 * the more it says about the item (a favourite outweighs eight views).
 */
export const HOT_WEIGHTS = { views: 1, downloads: 5, favorites: 8, useful: 4 } as const;
/** Engagement halves in value every 7 days of age. */
export const HOT_HALF_LIFE_MS = 7 * 24 * 3600 * 1000;
const EPOCH_MS = Date.UTC(2020, 0, 1);

/**
 * `hot` of spec psort, with time decay:
 *
 *   score = log2(1 + E) + (publishedAt − 2020-01-01) / 7 days,
 *   E = views + 5·downloads + 8·favorites + 4·useful
 *
 * Ordering by this score is ordering by E · 2^(−age / 7 days) (decayed engagement, in log2
 * units) at any instant, because every item ages at the same rate: the "now" terms cancel.
 * So a stored score never goes stale with time and only needs `setHot` when a counter
 * changes. An item needs twice the engagement to beat one published a week later.
 * `now` caps future publish times, so a post-dated item gets no head start.
 */
export function hotScore(input: HotInputs): number {
  const engagement =
    HOT_WEIGHTS.views * nonNegative(input.views) +
    HOT_WEIGHTS.downloads * nonNegative(input.downloads) +
    HOT_WEIGHTS.favorites * nonNegative(input.favorites) +
    HOT_WEIGHTS.useful * nonNegative(input.useful);
  const published = Math.min(input.publishedAt.getTime(), input.now.getTime());
  return Math.log2(1 + engagement) + (published - EPOCH_MS) / HOT_HALF_LIFE_MS;
}

function nonNegative(n: number): number {
  return Number.isFinite(n) && n > 0 ? n : 0;
}
