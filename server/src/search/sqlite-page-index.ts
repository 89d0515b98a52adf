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

type PageRow = { rowid: number; doc_id: string; page_no: number; front: number; start: number; len: number };

/**
 * Page hits on SQLite: reads only, so it runs on any connection — the writer's (`pageHits` of
 * the index) and the read-only ones of the search reader threads (a search answering its page
 * hits in the same call).
 */
export function createSqlitePageReader(db: Database) {
  const pagesOf = db.prepare<[string], PageRow>(
    'SELECT rowid, doc_id, page_no, front, start, len FROM search_pages WHERE doc_id IN (SELECT value FROM json_each(?)) ORDER BY rowid',
  );
  const matchIn = db
    .prepare<[string, bigint, bigint], { rowid: bigint; rank: number }>(
      'SELECT rowid, bm25(search_page_fts, 1.0, 0.2) AS rank FROM search_page_fts WHERE search_page_fts MATCH ? AND rowid BETWEEN ? AND ?',
    )
    .safeIntegers();
  const pageText = db.prepare<[number, number, string], { text: string | null }>(
    'SELECT substr(body, ?, ?) AS text FROM search_docs WHERE doc_id = ?',
  );

  return {
    /**
     * The best page of each document. One bm25 statement per stage covers the rowid span of
     * every asked document's pages (a range seek, bound as BigInt so FTS5 seeks rather than
     * filters — see sqlite-search-writer.ts) and keeps the asked documents' pages: bm25 reads
     * each word's whole posting list for its IDF once per statement, so a statement per
     * document cost that read once per report on the page.
     */
    pageHits(query: PageHitsQuery, plan?: PlannedKeyword): Promise<Map<string, PageHit>> {
      const rows = query.docIds.length === 0 ? [] : pagesOf.all(JSON.stringify([...new Set(query.docIds)]));
      const byRowid = new Map(rows.map((r) => [r.rowid, r]));
      return findPageHits(
        query,
        async (stage, ids) => {
          const wanted = new Set(ids);
          const own = rows.filter((r) => wanted.has(r.doc_id));
          const first = own[0];
          const last = own.at(-1);
          if (!first || !last) {
            return [];
          }
          const found: PageMatch[] = [];
          for (const hit of matchIn.all(stageMatch(stage), BigInt(first.rowid), BigInt(last.rowid))) {
            const row = byRowid.get(Number(hit.rowid));
            if (row && wanted.has(row.doc_id)) {
              // bm25 is lower for better matches; a gram hit weighs a fifth of a word hit, as in search_fts.
              found.push({ docId: row.doc_id, page: row.page_no, front: row.front === 1, score: -hit.rank });
            }
          }
          return found;
        },
        async (chosen) => {
          const texts = new Map<string, string>();
          for (const m of chosen) {
            const row = rows.find((r) => r.doc_id === m.docId && r.page_no === m.page);
            if (row) {
              texts.set(m.docId, pageText.get(row.start + 1, row.len, m.docId)?.text ?? '');
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
