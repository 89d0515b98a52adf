import type { Database } from 'better-sqlite3';
import { kindToken } from './fts5-match.ts';
import { bodyLead } from './highlight.ts';
import { createSqlitePageIndex } from './sqlite-page-index.ts';
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
 * `recentDocs`: how many of the newest documents search_recent_fts holds at least.
 */
export function createSqliteSearchWriter(db: Database, recentDocs: number) {
  const pages = createSqlitePageIndex(db);
  const findOrd = db.prepare('SELECT ord FROM search_docs WHERE doc_id = ?').pluck();
  const maxOrdBetween = db.prepare('SELECT max(ord) FROM search_docs WHERE ord BETWEEN ? AND ?').pluck();
  const insertDoc = db.prepare(
    'INSERT INTO search_docs (ord, doc_id, type, published_at, hot, title, body) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const updateDoc = db.prepare(
    'UPDATE search_docs SET type = ?, published_at = ?, hot = ?, title = ?, body = ? WHERE ord = ?',
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
  const insertRecentFts = db.prepare(
    'INSERT INTO search_recent_fts (rowid, title, tags, body, kind, tgrams, bgrams) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const deleteRecentFts = db.prepare('DELETE FROM search_recent_fts WHERE rowid = ?');
  const trimRecentFts = db.prepare('DELETE FROM search_recent_fts WHERE rowid < ?');
  const oldestRecent = db.prepare('SELECT rowid FROM search_recent_fts ORDER BY rowid LIMIT 1').pluck();
  const newestOrd = db.prepare('SELECT max(ord) FROM search_docs').pluck();
  const nthNewest = db
    .prepare('SELECT ord FROM search_docs INDEXED BY search_docs_ord_hot ORDER BY ord DESC LIMIT 1 OFFSET ?')
    .pluck();
  const setHotStmt = db.prepare('UPDATE search_docs SET hot = ? WHERE doc_id = ?');
  const countStmt = db.prepare('SELECT count(*) FROM search_docs').pluck();

  function allocateOrd(publishedAtMs: number): number {
    const second = publishSecond(publishedAtMs);
    const { first, last } = ordRangeOfSecond(second);
    return nextOrdInSecond(second, maxOrdBetween.get(BigInt(first), BigInt(last)) as number | null);
  }

  /**
   * search_recent_fts holds every document from its oldest rowid upwards: at least the
   * newest `recentDocs` and at most twice as many. Each new document above that floor is
   * added; once the table holds 2 × recentDocs it is trimmed back to the newest recentDocs
   * in one statement. Trimming a few rows after every batch cost as much as the inserts
   * (FTS5 deletes row by row): this way a bulk load pays it once per recentDocs documents.
   * With the table empty (a new index, or every recent document removed), only documents
   * newer than everything already indexed may enter.
   */
  const recentFloor = (): bigint => {
    const oldest = oldestRecent.get() as number | undefined;
    if (oldest !== undefined) {
      return BigInt(oldest);
    }
    const newest = newestOrd.get() as number | null;
    return newest === null ? -(2n ** 62n) : BigInt(newest) + 1n;
  };

  const trimRecent = (): void => {
    const oldest = oldestRecent.get() as number | undefined;
    const far = nthNewest.get(2 * recentDocs - 1) as number | undefined;
    if (oldest === undefined || far === undefined || far < oldest) {
      return;
    }
    const keepFrom = nthNewest.get(recentDocs - 1) as number;
    trimRecentFts.run(BigInt(keepFrom));
  };

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
    const recentFrom = recentFloor();
    const rows: { ord: bigint; doc: PreparedDoc; kind: string; existed: boolean }[] = [];
    for (const doc of byPublishTime(docs)) {
      const existing = findOrd.get(doc.id) as number | undefined;
      let ord: number;
      if (existing !== undefined) {
        deleteFts.run(BigInt(existing));
        deleteTitleFts.run(BigInt(existing));
        deleteRecentFts.run(BigInt(existing));
        deleteLead.run(BigInt(existing));
      }
      if (existing !== undefined && secondOfOrd(existing) === publishSecond(doc.publishedAtMs)) {
        ord = existing;
        updateDoc.run(doc.type, doc.publishedAtMs, doc.hot, doc.title, doc.body, BigInt(ord));
      } else {
        if (existing !== undefined) {
          deleteDoc.run(BigInt(existing));
        }
        ord = allocateOrd(doc.publishedAtMs);
        insertDoc.run(BigInt(ord), doc.id, doc.type, doc.publishedAtMs, doc.hot, doc.title, doc.body);
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
    const recent = rows.filter((row) => row.ord >= recentFrom);
    for (const { ord, doc, kind } of recent) {
      insertRecentFts.run(
        ord,
        doc.titleTokens,
        doc.tagTokens,
        doc.bodyTokens,
        kind,
        doc.titleGrams,
        doc.bodyGrams,
      );
    }
    for (const { doc, existed } of rows) {
      // A new document without pages has none to replace (spares a bulk load the lookup).
      if (existed || doc.pages) {
        pages.write(doc);
      }
    }
    if (recent.length > 0) {
      trimRecent();
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
      deleteRecentFts.run(BigInt(ord));
      deleteLead.run(BigInt(ord));
      deleteDoc.run(BigInt(ord));
      pages.remove(id);
    }
  });

  return {
    // Immediate: a batch reads (ords, the recent floor) before it writes, and a deferred
    // transaction that does so fails at once when another process wrote in between.
    write: (docs: readonly PreparedDoc[]) => writeBatch.immediate(docs),
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
