import type { Db } from '../../db/database.ts';
import { measureSearch } from '../../platform/metrics/metrics.ts';
import { createPgSearchIndex } from '../../search/pg-search-index.ts';
import { createSqliteSearchIndex } from '../../search/sqlite-search-index.ts';
import type { SearchIndex } from '../../search/search.types.ts';

export type OpenSearchOptions = {
  /** SQLite reader threads; 0 searches on the calling thread. Default: the engine's (min(2, cores)). */
  readers?: number | undefined;
};

/**
 * The search index on the app's database: FTS5 on the better-sqlite3 connection (with reader
 * threads) or tsvector on PostgreSQL. Opened on first use, because the SQLite writer prepares
 * its statements at once and the tables exist only after migrations, which run after the
 * app is built. Every write but a hot score bumps the `search_index` write generation (the
 * content caches key on it); the engines write past the Kysely plugin, which could not name the
 * table of their raw SQL and would count it for every table.
 */
export function openSearchIndex(db: Db, options: OpenSearchOptions = {}): SearchIndex {
  let index: SearchIndex | undefined;
  const open = (): SearchIndex => {
    if (index) {
      return index;
    }
    if (db.dialect === 'postgres') {
      index = createPgSearchIndex({ db: db.kysely.withoutPlugins(), reads: db.reads.withoutPlugins() });
    } else {
      if (!db.sqlite) {
        throw new Error('SQLite search needs the better-sqlite3 connection');
      }
      index = createSqliteSearchIndex({
        db: db.sqlite,
        ...(options.readers === undefined ? {} : { readers: options.readers }),
      });
    }
    return index;
  };
  const written = (write: Promise<void>) => write.finally(() => db.generation.bump('search_index'));
  return {
    upsert: (docs) => written(open().upsert(docs)),
    upsertPrepared: (docs) => written(open().upsertPrepared(docs)),
    syncWords: () => open().syncWords(),
    restampWords: (after) => open().restampWords(after),
    remove: (ids) => written(open().remove(ids)),
    // Hot scores follow view counts: counters never empty caches (cached pages keep their order
    // for the cache's time to live).
    setHot: (id, score) => open().setHot(id, score),
    search: (query) => measureSearch(db.dialect, () => open().search(query)),
    pageHits: (query) => open().pageHits(query),
    matchIds: (query) => open().matchIds(query),
    newestMatches: (query) => open().newestMatches(query),
    hitsOf: (query) => open().hitsOf(query),
    matchesAmong: (query) => open().matchesAmong(query),
    count: () => open().count(),
    close: async () => {
      await index?.close();
      index = undefined;
    },
  };
}
