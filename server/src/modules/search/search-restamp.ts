import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SearchIndex } from '../../search/search.types.ts';
import { rebuildSearchIndex } from './search-rebuild.ts';

/** Levels walked per run at most: each ends by writing its queued documents, which stamps them. */
const MAX_LEVELS = 50;

/**
 * Brings every document up to the current word stamp (search/word-restamp.ts), so that words
 * registered after documents were indexed — an admin's new keyword, a reader's own — are matched
 * by their token alone: documents that may hold such a word are written again from the content
 * tables, the others are stamped. Safe beside writers and other processes running it.
 */
export async function restampSearchIndex({
  db,
  search,
  clock,
  onQueued,
}: {
  db: Db;
  search: SearchIndex;
  clock: Clock;
  /** Told each step's count of documents queued to be written again (a job's progress counts them). */
  onQueued?: (count: number) => Promise<void>;
}): Promise<{ raised: number; rebuilt: number }> {
  let raised = 0;
  let rebuilt = 0;
  for (let level = 0; level < MAX_LEVELS; level++) {
    let after = 0;
    for (;;) {
      const step = await search.restampWords(after);
      raised += step.raised;
      if (step.queued > 0) {
        await onQueued?.(step.queued);
      }
      if (step.level === null) {
        return { raised, rebuilt };
      }
      if (step.next === null) {
        break;
      }
      after = step.next;
      // Other work gets the event loop between steps.
      await new Promise((resolve) => setImmediate(resolve));
    }
    rebuilt += await rebuildSearchIndex({ db, search, clock });
  }
  return { raised, rebuilt };
}
