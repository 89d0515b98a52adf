import type { Database } from 'better-sqlite3';
import { availableParallelism } from 'node:os';
import { prepareDoc } from './prepare-doc.ts';
import { planHitsOf, planSearch, RECENT_DOCS, type SearchPlan } from './search-plan.ts';
import type { SearchIndex, SearchResult } from './search.types.ts';
import { SqliteReaderPool } from './sqlite-reader-pool.ts';
import { sqliteMatchesAmong, sqliteMatchIds, sqliteNewestMatches } from './sqlite-match-ids.ts';
import { RESULT_CACHE_ENTRIES, SqliteSearchReader } from './sqlite-search-reader.ts';
import { createSqliteSearchWriter } from './sqlite-search-writer.ts';
import { createSqliteRestamp } from './sqlite-word-restamp.ts';
import { sqliteWordStampStore } from './word-stamp-stores.ts';
import { WordStamps } from './word-stamps.ts';

export type SqliteSearchOptions = {
  /** The application's connection; all writes go through it. Tables from createSearchSchema. */
  db: Database;
  /** Prefix of `_index` names (`{product}_report`). */
  product?: string;
  /**
   * Reader threads, each with its own read-only connection. 0 runs searches on the calling
   * thread (tests, small databases). Default: min(2, cores). Needs a file database.
   */
  readers?: number;
  /** How many of the newest documents search_recent_fts holds (default RECENT_DOCS). */
  recentDocs?: number;
  /** Write batches this large are a bulk load (default BULK_BATCH, sqlite-recent-table.ts). */
  bulkBatch?: number;
  /**
   * Results each reader keeps until the next write (default RESULT_CACHE_ENTRIES); 0 turns
   * the cache off, as the benchmark does to time the queries themselves.
   */
  resultCache?: number;
};

function offThread(plan: SearchPlan): boolean {
  return plan.terms.length > 0 && (plan.sort !== 'new' || plan.pageHits || plan.typeTotals.length > 0);
}

export function createSqliteSearchIndex(options: SqliteSearchOptions): SearchIndex {
  const { db } = options;
  const product = options.product ?? 'portal';
  const readers = db.memory ? 0 : (options.readers ?? Math.min(2, availableParallelism()));
  if (readers > 0) {
    // Readers on other connections must not block on (or be blocked by) the writer.
    db.pragma('journal_mode = WAL');
  }
  const cacheEntries = Math.max(0, options.resultCache ?? RESULT_CACHE_ENTRIES);
  const pool =
    readers > 0 ? new SqliteReaderPool({ file: db.name, product, cacheEntries }, readers) : undefined;
  const writer = createSqliteSearchWriter(
    db,
    Math.max(1, options.recentDocs ?? RECENT_DOCS),
    options.bulkBatch,
  );
  const local = new SqliteSearchReader(db, product, cacheEntries);
  const stamps = new WordStamps(sqliteWordStampStore(db));
  const restamp = createSqliteRestamp(db);
  // Ranking (relevance, hot with a keyword) can take tens of milliseconds at 1M documents
  // and goes to the reader threads. Newest-first and browsing are bounded index walks
  // (a capped count plus at most MAX_OFFSET + MAX_PAGE_SIZE rows, ~2 ms at 1M documents):
  // they stay on the calling thread and skip the round trip — unless the plan also asks for
  // page hits or type totals, which cost more than the trip.
  const runPlan = async (plan: SearchPlan): Promise<SearchResult> =>
    pool && offThread(plan) ? pool.run(plan) : local.run(plan);

  return {
    async upsert(docs) {
      const dictId = await stamps.sync();
      writer.write(docs.map((doc) => ({ ...prepareDoc(doc), dictId })));
      stamps.written();
    },
    async upsertPrepared(docs) {
      writer.write(docs);
      stamps.written();
    },
    syncWords: () => stamps.sync(),
    async restampWords(after) {
      const step = restamp(after, await stamps.sync());
      stamps.written();
      return step;
    },
    async remove(ids) {
      writer.remove(ids);
      stamps.written();
    },
    async setHot(id, score) {
      writer.setHot(id, score);
    },
    async search(query) {
      return runPlan(planSearch(query, await stamps.complete()));
    },
    // At most a page of hits, each a rowid-range seek: on the calling thread, like newest-first.
    pageHits: async (query) => writer.pageHits(query),
    // Ids of a small type only, on the calling connection (it sees its own writes).
    matchIds: async (query) => sqliteMatchIds(db, query, await stamps.complete()),
    newestMatches: async (query) => sqliteNewestMatches(db, query, await stamps.complete()),
    matchesAmong: async (query) => sqliteMatchesAmong(db, query, await stamps.complete()),
    // A page of rows by primary key: on the calling connection, like newest-first.
    hitsOf: async (query) => local.hitsOf(planHitsOf(query, await stamps.complete()), query.ids),
    async count() {
      return writer.count();
    },
    async settle() {
      writer.settle();
    },
    async close() {
      writer.settle();
      await pool?.close();
    },
  };
}
