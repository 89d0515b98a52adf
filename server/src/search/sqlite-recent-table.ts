import type { Database } from 'better-sqlite3';
import type { PreparedDoc } from './search.types.ts';

/** A document as the FTS5 tables take it, at its publish-order rowid. */
export type FtsRow = { ord: bigint; doc: PreparedDoc; kind: string };

/** A write batch this large is a bulk load: search_recent_fts is filled once it ends. */
export const BULK_BATCH = 2_000;
/** A bulk load has ended once no bulk batch came for this long. */
const FILL_DELAY_MS = 1_000;
/** Documents per fill transaction when filling in the background (~10–20 ms of the thread). */
const FILL_STEP = 250;
/** Rowids above every real one (publish-order.ts keeps ords far below 2^62). */
const ABOVE_ALL = 2n ** 62n;

/**
 * search_recent_fts (search.schema.ts): at every commit a reader can see, it holds every
 * document from its oldest rowid upwards, or nothing — the reader ranks in it only windows at or
 * above that rowid, and in the full tables otherwise (sqlite-search-reader.ts `recentFloor`).
 *
 * Normally ('live') each new document at or above the floor is added, and the table is trimmed
 * back to the newest `recentDocs` once it holds twice as many. During a bulk load that filled
 * the table with every document only to trim most of them again: a load in publish order makes
 * every document recent for a moment, which cost as much CPU as search_fts itself. So a batch of
 * BULK_BATCH documents or more empties the table ('deferred'; readers then rank in the full
 * tables, which is correct, only slower at a million documents) and the batch's tokens go to a
 * connection-private temporary table instead. FILL_DELAY_MS after the last bulk batch (or at
 * once on `settle`) the table is filled from it ('filling'), newest first, a step per
 * transaction: after each step it holds every document from its oldest rowid upwards, and
 * writes in between follow the live rule against that floor (a rewritten document below it
 * replaces its pending tokens). Filling stops at the first document without pending tokens (one
 * written before the load) or at `recentDocs` documents. A crash loses only the temporary
 * table: the recent table is then empty or consistent, and fills again as new documents come.
 */
export function createSqliteRecentTable(db: Database, recentDocs: number, bulkBatch = BULK_BATCH) {
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS search_recent_pending (
    ord INTEGER PRIMARY KEY, title TEXT, tags TEXT, body TEXT, kind TEXT, tgrams TEXT, bgrams TEXT)`);
  const insertRecent = db.prepare(
    'INSERT INTO search_recent_fts (rowid, title, tags, body, kind, tgrams, bgrams) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const deleteRecent = db.prepare('DELETE FROM search_recent_fts WHERE rowid = ?');
  const emptyRecent = db.prepare("INSERT INTO search_recent_fts (search_recent_fts) VALUES ('delete-all')");
  const trimRecentBelow = db.prepare('DELETE FROM search_recent_fts WHERE rowid < ?');
  const oldestRecent = db.prepare('SELECT rowid FROM search_recent_fts ORDER BY rowid LIMIT 1').pluck();
  const newestOrd = db.prepare('SELECT max(ord) FROM search_docs').pluck();
  const nthNewest = db
    .prepare('SELECT ord FROM search_docs INDEXED BY search_docs_ord_hot ORDER BY ord DESC LIMIT 1 OFFSET ?')
    .pluck();
  const keepPending = db.prepare(
    'INSERT OR REPLACE INTO search_recent_pending (ord, title, tags, body, kind, tgrams, bgrams) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const dropPending = db.prepare('DELETE FROM search_recent_pending WHERE ord = ?');
  const countPending = db.prepare('SELECT count(*) FROM search_recent_pending').pluck();
  const nthNewestPending = db
    .prepare('SELECT ord FROM search_recent_pending ORDER BY ord DESC LIMIT 1 OFFSET ?')
    .pluck();
  const trimPendingBelow = db.prepare('DELETE FROM search_recent_pending WHERE ord < ?');
  const emptyPending = db.prepare('DELETE FROM search_recent_pending');
  // The next documents below a rowid, newest first, and whether their tokens are pending.
  const below = db.prepare(`SELECT d.ord AS ord, p.ord IS NOT NULL AS ready
    FROM search_docs d LEFT JOIN search_recent_pending p ON p.ord = d.ord
    WHERE d.ord < ? ORDER BY d.ord DESC LIMIT ?`);
  // Tokens go from the pending table to FTS5 inside SQLite, in ascending rowids (FTS5 starts a
  // new segment whenever a rowid is lower than the previous one): reading ~900 characters of
  // tokens per document into JavaScript and back cost ~16 µs a document.
  const fillRange = db.prepare(`INSERT INTO search_recent_fts (rowid, title, tags, body, kind, tgrams, bgrams)
    SELECT ord, title, tags, body, kind, tgrams, bgrams FROM search_recent_pending
    WHERE ord >= ? AND ord < ? ORDER BY ord`);

  type State = 'live' | 'deferred' | 'filling';
  let state: State = 'live';
  let stateAtBegin: State = state;
  let floor = ABOVE_ALL;
  let pending = 0;
  /** Documents in the recent table since it was emptied for a bulk load (caps the fill at recentDocs). */
  let held = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const insert = ({ ord, doc, kind }: FtsRow) =>
    insertRecent.run(
      ord,
      doc.titleTokens,
      doc.tagTokens,
      doc.bodyTokens,
      kind,
      doc.titleGrams,
      doc.bodyGrams,
    );

  /** The lowest rowid a new document must reach to enter: the oldest one held, or above everything. */
  const liveFloor = (): bigint => {
    const oldest = oldestRecent.get() as number | undefined;
    if (oldest !== undefined) {
      return BigInt(oldest);
    }
    const newest = newestOrd.get() as number | null;
    return newest === null ? -ABOVE_ALL : BigInt(newest) + 1n;
  };

  /** Back to the newest recentDocs once the table holds twice as many (one statement, not one per batch). */
  const trimRecent = (): void => {
    const oldest = oldestRecent.get() as number | undefined;
    const far = nthNewest.get(2 * recentDocs - 1) as number | undefined;
    if (oldest === undefined || far === undefined || far < oldest) {
      return;
    }
    trimRecentBelow.run(BigInt(nthNewest.get(recentDocs - 1) as number));
  };

  const keep = ({ ord, doc, kind }: FtsRow) => {
    keepPending.run(ord, doc.titleTokens, doc.tagTokens, doc.bodyTokens, kind, doc.titleGrams, doc.bodyGrams);
  };

  const trimPending = (): void => {
    if (pending <= 2 * recentDocs) {
      return;
    }
    const keepFrom = nthNewestPending.get(recentDocs - 1) as number | undefined;
    if (keepFrom !== undefined) {
      trimPendingBelow.run(BigInt(keepFrom));
    }
    pending = countPending.get() as number;
  };

  /** One fill transaction: up to `step` documents below the table's oldest, newest first. Done: back to live. */
  const fillStep = db.transaction((step: number): boolean => {
    const oldest = oldestRecent.get() as number | undefined;
    const top = oldest === undefined ? ABOVE_ALL : BigInt(oldest);
    const rows = below.all(top, step) as { ord: number; ready: number }[];
    let taken = 0;
    while (taken < rows.length && rows[taken]!.ready === 1 && held + taken < recentDocs) {
      taken++;
    }
    if (taken > 0) {
      fillRange.run(BigInt(rows[taken - 1]!.ord), top);
      held += taken;
    }
    const done = taken < rows.length || rows.length < step;
    if (done) {
      emptyPending.run();
      pending = 0;
      state = 'live';
    }
    return done;
  });

  const fillLater = (): void => {
    const next = (): void => {
      timer = undefined;
      if (!db.open) {
        return;
      }
      if (db.inTransaction) {
        // Another caller's transaction is open on this connection across an await: a step would
        // become part of it, and roll back with it. Try again later.
        timer = setTimeout(next, FILL_DELAY_MS);
        timer.unref?.();
        return;
      }
      state = 'filling';
      if (!fillStep.immediate(FILL_STEP)) {
        timer = setImmediate(next) as unknown as ReturnType<typeof setTimeout>;
      }
    };
    timer = setTimeout(next, FILL_DELAY_MS);
    timer.unref?.();
  };

  const cancelFill = (): void => {
    if (timer !== undefined) {
      clearTimeout(timer);
      clearImmediate(timer as unknown as ReturnType<typeof setImmediate>);
      timer = undefined;
    }
  };

  return {
    /** First in a write batch's transaction, before any write: decides where the batch's documents go. */
    begin(batchSize: number): void {
      stateAtBegin = state;
      if (batchSize >= bulkBatch) {
        cancelFill();
        if (state === 'live') {
          // Nothing is pending while live; a fill rolled back with its caller's transaction may have left rows.
          emptyPending.run();
          pending = 0;
        }
        if (state !== 'deferred') {
          emptyRecent.run();
          state = 'deferred';
          held = 0;
        }
      }
      floor = state === 'deferred' ? ABOVE_ALL : liveFloor();
    },
    /** A document removed or about to be written again. */
    drop(ord: bigint): void {
      deleteRecent.run(ord);
      if (pending > 0) {
        dropPending.run(ord);
      }
    },
    /** The batch's documents, after `begin` and every `drop`. */
    add(rows: readonly FtsRow[]): void {
      if (state === 'deferred') {
        for (const row of rows) {
          keep(row);
        }
        pending += rows.length;
        trimPending();
        return;
      }
      let added = false;
      for (const row of rows) {
        if (row.ord >= floor) {
          insert(row);
          added = true;
          held++;
        } else if (state === 'filling') {
          keep(row);
          pending++;
        }
      }
      if (added) {
        trimRecent();
      }
    },
    /** The batch's transaction rolled back, and with it what `begin` emptied. */
    rolledBack(): void {
      state = stateAtBegin;
      pending = countPending.get() as number;
    },
    /** After the batch's transaction committed. */
    committed(): void {
      if (state === 'deferred') {
        cancelFill();
        fillLater();
      }
    },
    /** Fills the table now (a bulk load's end; closing): whole steps until done, each its own transaction. */
    settle(): void {
      cancelFill();
      while (state !== 'live' && db.open) {
        state = 'filling';
        if (fillStep.immediate(5_000)) {
          break;
        }
      }
    },
  };
}
