import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import { hotScore } from '../../search/hot-score.ts';
import type { SearchIndex } from '../../search/search.types.ts';
import { createContentStatsRepo, ZERO_COUNTS, type Counts, type StatCounter } from './content-stats.repo.ts';
import { searchDocId, type ContentRef, type ContentType } from './content-types.ts';
import { createCountBuffer, type CountDeltas } from './count-buffer.ts';
import { createPublishedAtLookup } from './published-at.ts';

export type ContentCountersDeps = {
  db: Db;
  search: SearchIndex;
  clock: Clock;
  /** Sum views and downloads in memory and write them this often (0, the default: write each at once). */
  countFlushMs?: number;
  /** Where a failed background write of counts is reported. */
  onError?: (err: unknown) => void;
  /** Told of every counter move, for the back-office's per-day figures (modules/analytics). */
  onCount?: (type: ContentType, counter: StatCounter, by: number) => Promise<void>;
};
export type ContentCounters = ReturnType<typeof createContentCounters>;

/** An item of a subset list: its id, publish time and hot score. */
export type HotItem = { id: number; publishedAt: number; hot: number };

/** Counters that move with every read: summed in memory when a flush interval is set. */
const BUFFERED_COUNTERS: ReadonlySet<StatCounter> = new Set(['views', 'downloads']);

/**
 * Engagement counters (views, downloads, favourites, shares) and the hot scores they give: a
 * bump moves the counter and pushes the item's new score to the search index. Ingestion sets
 * starting counts here; catalogue lists sort by the scores.
 */
export function createContentCounters({
  db,
  search,
  clock,
  countFlushMs = 0,
  onError = () => {},
  onCount,
}: ContentCountersDeps) {
  const stats = createContentStatsRepo(db);
  const publishedAtOf = createPublishedAtLookup(db);
  const now = () => clock.now().getTime();

  const hotOf = (counts: Counts | undefined, publishedAt: number) =>
    hotScore({ ...(counts ?? ZERO_COUNTS), publishedAt: new Date(publishedAt), now: clock.now() });

  /** Adds deltas to an item's counters, then pushes its new hot score to the index. */
  async function addCounts(ref: ContentRef, deltas: CountDeltas): Promise<void> {
    const counts = await stats.add(ref.type, ref.id, deltas, now());
    const publishedAt = await publishedAtOf(ref);
    if (publishedAt !== null) {
      await search.setHot(searchDocId(ref.type, ref.id), hotOf(counts, publishedAt));
    }
  }

  const buffer =
    countFlushMs > 0 ? createCountBuffer({ write: addCounts, flushMs: countFlushMs, onError }) : null;

  return {
    /** The hot score of an item with these counts and publish time, as of now. */
    hotOf,

    /** The item's stored counters (zero ones are absent). */
    countsOf(type: ContentType, id: number): Promise<Counts | undefined> {
      return stats.get(type, id);
    },

    /** Sets the starting counters of new items (imports, demo data); `counts[i]` belongs to `ids[i]`. */
    async saveCounts(type: ContentType, ids: readonly number[], counts: readonly (Counts | undefined)[]) {
      for (const [i, id] of ids.entries()) {
        const c = counts[i];
        if (c) {
          await stats.set(type, id, c, now());
        }
      }
    },

    /** Rows of one content type with the hot score their counters give (subset lists sort by it). */
    async withHot(
      type: ContentType,
      rows: readonly { id: number; published_at: number }[],
    ): Promise<HotItem[]> {
      const counts = new Map(
        (
          await stats.many(
            type,
            rows.map((r) => r.id),
          )
        ).map((s) => [s.content_id, s]),
      );
      return rows.map((r) => ({
        id: r.id,
        publishedAt: r.published_at,
        hot: hotOf(counts.get(r.id), r.published_at),
      }));
    },

    /**
     * Adds to an engagement counter and pushes the new hot score to the index; views and
     * downloads wait for the next flush when counts are buffered.
     */
    async bump(ref: ContentRef, counter: StatCounter, by = 1): Promise<void> {
      await onCount?.(ref.type, counter, by);
      if (buffer && BUFFERED_COUNTERS.has(counter)) {
        buffer.add(ref, { [counter]: by });
      } else {
        await addCounts(ref, { [counter]: by });
      }
    },

    /** Writes buffered counts now (shutdown, tests). */
    async flushCounts(): Promise<void> {
      await buffer?.flush();
    },

    /** Writes buffered counts and stops the flush timer. */
    async close(): Promise<void> {
      await buffer?.close();
    },
  };
}
