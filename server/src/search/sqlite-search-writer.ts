import type { Database } from 'better-sqlite3';
import { kindToken } from './fts5-match.ts';
import { bodyLead } from './highlight.ts';
import { createSqlitePageIndex } from './sqlite-page-index.ts';
import { BULK_BATCH, createSqliteRecentTable, type FtsRow } from './sqlite-recent-table.ts';
import { nextOrdInSecond, ordRangeOfSecond, publishSecond, secondOfOrd } from './publish-order.ts';
import type { PreparedDoc } from './search.types.ts';

/** Orders a write batch by publish time so FTS5 sees ascending rowids (see writeBatch). */
function byPublishTime(docs: readonly PreparedDoc[]): PreparedDoc[] {
  const last = new Map<string, PreparedDoc>();
  for (const doc of docs) {
    last.set(doc.id, doc);
  }
  return [...last.values()].sort((a, b) => a.publishedAtMs - b.publishedAtMs);
}

/**
 * All SQLite index writes, on the application's connection, one transaction per call.
 * `recentDocs`: how many of the newest documents search_recent_fts holds at least;
 * `bulkBatch`: the batch size from which it is filled once the load ends (sqlite-recent-table.ts).
 */
export function createSqliteSearchWriter(db: Database, recentDocs: number, bulkBatch = BULK_BATCH) {
  const pages = createSqlitePageIndex(db);
  const recent = createSqliteRecentTable(db, recentDocs, bulkBatch);
  const findOrd = db.prepare('SELECT ord FROM search_docs WHERE doc_id = ?').pluck();
  const maxOrdBetween = db.prepare('SELECT max(ord) FROM search_docs WHERE ord BETWEEN ? AND ?').pluck();
  const insertDoc = db.prepare(
    'INSERT INTO search_docs (ord, doc_id, type, published_at, hot, title, body, dict_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const updateDoc = db.prepare(
    'UPDATE search_docs SET type = ?, published_at = ?, hot = ?, title = ?, body = ?, dict_id = ? WHERE ord = ?',
  );
  const deleteDoc = db.prepare('DELETE FROM search_docs WHERE ord = ?');
  const insertLead = db.prepare('INSERT INTO search_leads (ord, lead) VALUES (?, ?)');
  const deleteLead = db.prepare('DELETE FROM search_leads WHERE ord = ?');
  const insertFts = db.prepare(
    'INSERT INTO search_fts (rowid, title, tags, body, kind, tgrams, bgrams) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const deleteFts = db.prepare('DELETE FROM search_fts WHERE rowid = ?');
  const insertTitleFts = db.prepare(
    'INSERT INTO search_title_fts (rowid, title, tags, kind, tgrams) VALUES (?, ?, ?, ?, ?)',
  );
  const deleteTitleFts = db.prepare('DELETE FROM search_title_fts WHERE rowid = ?');
  const setHotStmt = db.prepare('UPDATE search_docs SET hot = ? WHERE doc_id = ?');
  const countStmt = db.prepare('SELECT count(*) FROM search_docs').pluck();

  function allocateOrd(publishedAtMs: number): number {
    const second = publishSecond(publishedAtMs);
    const { first, last } = ordRangeOfSecond(second);
    return nextOrdInSecond(second, maxOrdBetween.get(BigInt(first), BigInt(last)) as number | null);
  }

  /**
   * `ord` values are bound as BigInt: better-sqlite3 binds a JS number as REAL, and FTS5
   * answers a rowid constraint with a REAL value by filtering every match instead of
   * seeking (measured: 2.8 ms instead of 0.35 ms for a 5,000-row window).
   *
   * FTS5 flushes its in-memory segment whenever a rowid is lower than the previous one, so
   * a batch is written in publish order: a bulk load then makes one segment per batch
   * rather than one per row. A document keeps its `ord` while its publish second is unchanged.
   *
   * The rows go in one table at a time (every document's row, then every FTS5 table in turn)
   * rather than document by document: each FTS5 table keeps its pending terms in memory until
   * the commit, and filling three such tables at once cost more CPU — 8–20 % in alternating runs
   * of 20,000 generated documents (bench/search/compare-writers.ts), within the noise at 50,000.
   */
  const writeBatch = db.transaction((docs: readonly PreparedDoc[]) => {
    const ordered = byPublishTime(docs);
    recent.begin(ordered.length);
    const rows: (FtsRow & { existed: boolean })[] = [];
    for (const doc of ordered) {
      const existing = findOrd.get(doc.id) as number | undefined;
      let ord: number;
      if (existing !== undefined) {
        deleteFts.run(BigInt(existing));
        deleteTitleFts.run(BigInt(existing));
        recent.drop(BigInt(existing));
        deleteLead.run(BigInt(existing));
      }
      if (existing !== undefined && secondOfOrd(existing) === publishSecond(doc.publishedAtMs)) {
        ord = existing;
        updateDoc.run(
          doc.type,
          doc.publishedAtMs,
          doc.hot,
          doc.title,
          doc.body,
          doc.dictId ?? -1,
          BigInt(ord),
        );
      } else {
        if (existing !== undefined) {
          deleteDoc.run(BigInt(existing));
        }
        ord = allocateOrd(doc.publishedAtMs);
        insertDoc.run(
          BigInt(ord),
          doc.id,
          doc.type,
          doc.publishedAtMs,
          doc.hot,
          doc.title,
          doc.body,
          doc.dictId ?? -1,
        );
      }
      const lead = bodyLead(doc.body);
      if (lead !== null) {
        insertLead.run(BigInt(ord), lead);
      }
      rows.push({ ord: BigInt(ord), doc, kind: kindToken(doc.type), existed: existing !== undefined });
    }
    for (const { ord, doc, kind } of rows) {
      insertFts.run(ord, doc.titleTokens, doc.tagTokens, doc.bodyTokens, kind, doc.titleGrams, doc.bodyGrams);
    }
    for (const { ord, doc, kind } of rows) {
      insertTitleFts.run(ord, doc.titleTokens, doc.tagTokens, kind, doc.titleGrams);
    }
    recent.add(rows);
    for (const { doc, existed } of rows) {
      // A new document without pages has none to replace (spares a bulk load the lookup).
      if (existed || doc.pages) {
        pages.write(doc);
      }
    }
  });

  const removeBatch = db.transaction((ids: readonly string[]) => {
    for (const id of ids) {
      const ord = findOrd.get(id) as number | undefined;
      if (ord === undefined) {
        continue;
      }
      deleteFts.run(BigInt(ord));
      deleteTitleFts.run(BigInt(ord));
      recent.drop(BigInt(ord));
      deleteLead.run(BigInt(ord));
      deleteDoc.run(BigInt(ord));
      pages.remove(id);
    }
  });

  return {
    // Immediate: a batch reads (ords, the recent floor) before it writes, and a deferred
    // transaction that does so fails at once when another process wrote in between.
    write(docs: readonly PreparedDoc[]): void {
      try {
        writeBatch.immediate(docs);
      } catch (error) {
        recent.rolledBack();
        throw error;
      }
      recent.committed();
    },
    /** Finishes what a bulk load left to do (fills search_recent_fts) before returning. */
    settle: recent.settle,
    remove: (ids: readonly string[]) => removeBatch.immediate(ids),
    setHot(id: string, score: number): void {
      setHotStmt.run(Number.isFinite(score) ? score : 0, id);
    },
    count(): number {
      return countStmt.get() as number;
    },
    pageHits: pages.pageHits,
  };
}
