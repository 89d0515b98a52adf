import type { Database } from 'better-sqlite3';
import { termExpression } from './fts5-match.ts';
import { findPageHits, type PageMatch, type PlannedKeyword } from './page-hits.ts';
import type { MatchStage } from './search-plan.ts';
import type { PageHit, PageHitsQuery, PreparedDoc } from './search.types.ts';

/** Rowids per document write: pages 1..PAGE_SLOTS - 1 (ingest refuses more than 2,000). */
const PAGE_BITS = 12n;
const PAGE_SLOTS = 1n << PAGE_BITS;

/** The stage's words as the document search matches them (word, bigram phrase or synonym). */
function stageMatch(stage: MatchStage): string {
  return stage.terms.map(termExpression).join(stage.mode === 'and' ? ' AND ' : ' OR ');
}

/**
 * Page hits on SQLite: reads only, so it runs on any connection — the writer's (`pageHits` of
 * the index) and the read-only ones of the search reader threads (a search answering its page
 * hits in the same call). A search page's page hits are one statement per match stage and one
 * for the chosen pages' text: on the demo library each statement costs more in fixed overhead
 * than in rows, so no page rows are loaded into JavaScript to be filtered there.
 */
export function createSqlitePageReader(db: Database) {
  // One bm25 statement per stage covers the rowid span of every asked document's pages (a
  // range seek: the span's bounds come from search_pages as integers, so FTS5 seeks rather
  // than filters — see sqlite-search-writer.ts) and keeps the asked documents' pages: bm25
  // reads each word's whole posting list for its IDF once per statement, so a statement per
  // document cost that read once per report on the page. CROSS JOIN keeps the FTS5 table
  // outermost, where bm25 is computed.
  const matchIn = db.prepare<
    [{ match: string; ids: string }],
    { rowid: number; doc_id: string; page_no: number; front: number; rank: number }
  >(
    `SELECT p.rowid AS rowid, p.doc_id AS doc_id, p.page_no AS page_no, p.front AS front,
       bm25(search_page_fts, 1.0, 0.2) AS rank
     FROM search_page_fts f CROSS JOIN search_pages p ON p.rowid = f.rowid
     WHERE search_page_fts MATCH @match
       AND f.rowid BETWEEN (SELECT min(rowid) FROM search_pages WHERE doc_id IN (SELECT value FROM json_each(@ids)))
         AND (SELECT max(rowid) FROM search_pages WHERE doc_id IN (SELECT value FROM json_each(@ids)))
       AND p.doc_id IN (SELECT value FROM json_each(@ids))`,
  );
  // The chosen pages' text, cut from their documents' bodies in one statement.
  const pageTexts = db.prepare<[string], { rowid: number; text: string | null }>(
    `SELECT p.rowid AS rowid, substr(d.body, p.start + 1, p.len) AS text
     FROM search_pages p JOIN search_docs d ON d.doc_id = p.doc_id
     WHERE p.rowid IN (SELECT value FROM json_each(?))`,
  );

  return {
    /** The best page of each document (page-hits.ts `findPageHits`). */
    pageHits(query: PageHitsQuery, plan?: PlannedKeyword): Promise<Map<string, PageHit>> {
      /** The rowid of each matched page, by `docId page`, for reading the chosen ones' text. */
      const rowids = new Map<string, number>();
      return findPageHits(
        query,
        async (stage, ids) => {
          const found: PageMatch[] = [];
          for (const hit of matchIn.all({ match: stageMatch(stage), ids: JSON.stringify(ids) })) {
            rowids.set(`${hit.doc_id} ${hit.page_no}`, hit.rowid);
            // bm25 is lower for better matches; a gram hit weighs a fifth of a word hit, as in search_fts.
            found.push({ docId: hit.doc_id, page: hit.page_no, front: hit.front === 1, score: -hit.rank });
          }
          return found;
        },
        async (chosen) => {
          const texts = new Map<string, string>();
          const wanted = chosen.flatMap((m) => rowids.get(`${m.docId} ${m.page}`) ?? []);
          if (wanted.length === 0) {
            return texts;
          }
          const docOf = new Map(chosen.map((m) => [rowids.get(`${m.docId} ${m.page}`), m.docId]));
          for (const row of pageTexts.all(JSON.stringify(wanted))) {
            const docId = docOf.get(row.rowid);
            if (docId !== undefined) {
              texts.set(docId, row.text ?? '');
            }
          }
          return texts;
        },
        plan,
      );
    },
  };
}

/**
 * The page index on SQLite (page-index.schema.ts). Writes run inside the document writer's
 * transaction; a document's pages get a fresh rowid range on every write (the previous one is
 * deleted), so ranges only grow and FTS5 always sees ascending rowids.
 */
export function createSqlitePageIndex(db: Database) {
  const rowidsOf = db
    .prepare<[string], { rowid: bigint }>('SELECT rowid FROM search_pages WHERE doc_id = ?')
    .safeIntegers();
  const deletePages = db.prepare('DELETE FROM search_pages WHERE doc_id = ?');
  const deleteFts = db.prepare('DELETE FROM search_page_fts WHERE rowid = ?');
  const maxRowid = db.prepare('SELECT max(rowid) FROM search_pages').pluck().safeIntegers();
  const insertPage = db.prepare(
    'INSERT INTO search_pages (rowid, doc_id, page_no, start, len, front) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertFts = db.prepare('INSERT INTO search_page_fts (rowid, words, grams) VALUES (?, ?, ?)');
  const reader = createSqlitePageReader(db);

  function remove(docId: string): void {
    for (const row of rowidsOf.all(docId)) {
      deleteFts.run(row.rowid);
    }
    deletePages.run(docId);
  }

  return {
    /** Replaces the document's pages with `doc.pages` (none: removes them). In a transaction. */
    write(doc: PreparedDoc): void {
      remove(doc.id);
      if (!doc.pages || doc.pages.length === 0) {
        return;
      }
      const max = maxRowid.get() as bigint | null;
      const base = (((max ?? 0n) >> PAGE_BITS) + 1n) << PAGE_BITS;
      for (const page of doc.pages) {
        if (page.no < 1 || BigInt(page.no) >= PAGE_SLOTS) {
          continue;
        }
        const rowid = base + BigInt(page.no);
        insertPage.run(rowid, doc.id, page.no, page.start, page.length, page.front ? 1 : 0);
        insertFts.run(rowid, page.words, page.grams);
      }
    },

    remove,

    pageHits: (query: PageHitsQuery) => reader.pageHits(query),
  };
}
