import type { Database } from 'better-sqlite3';
import { termExpression } from './fts5-match.ts';
import { findPageHits, type PageMatch } from './page-hits.ts';
import type { MatchStage } from './search-plan.ts';
import type { PageHit, PageHitsQuery, PreparedDoc } from './search.types.ts';

/** Rowids per document write: pages 1..PAGE_SLOTS - 1 (ingest refuses more than 2,000). */
const PAGE_BITS = 12n;
const PAGE_SLOTS = 1n << PAGE_BITS;

/** The stage's words as the document search matches them (word, bigram phrase or synonym). */
function stageMatch(stage: MatchStage): string {
  return stage.terms.map(termExpression).join(stage.mode === 'and' ? ' AND ' : ' OR ');
}

type PageRow = { rowid: number | bigint; page_no: number; front: number; start: number; len: number };

/**
 * The page index on SQLite (page-index.schema.ts). Writes run inside the document writer's
 * transaction; a document's pages get a fresh rowid range on every write (the previous one is
 * deleted), so ranges only grow and FTS5 always sees ascending rowids.
 */
export function createSqlitePageIndex(db: Database) {
  const pagesOf = db.prepare<[string], PageRow>(
    'SELECT rowid, page_no, front, start, len FROM search_pages WHERE doc_id = ? ORDER BY rowid',
  );
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
  const matchIn = db
    .prepare<[string, bigint, bigint], { rowid: bigint; rank: number }>(
      'SELECT rowid, bm25(search_page_fts, 1.0, 0.2) AS rank FROM search_page_fts WHERE search_page_fts MATCH ? AND rowid BETWEEN ? AND ?',
    )
    .safeIntegers();
  const pageText = db.prepare<[number, number, string], { text: string | null }>(
    'SELECT substr(body, ?, ?) AS text FROM search_docs WHERE doc_id = ?',
  );

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

    /**
     * The best page of each document (bm25 over its pages alone: a rowid range seek, bound as
     * BigInt so FTS5 seeks rather than filters — see sqlite-search-writer.ts).
     */
    pageHits({ keyword, docIds, synonyms }: PageHitsQuery): Promise<Map<string, PageHit>> {
      const pages = new Map<string, PageRow[]>();
      const rowsOf = (docId: string): PageRow[] => {
        let rows = pages.get(docId);
        if (!rows) {
          rows = pagesOf.all(docId);
          pages.set(docId, rows);
        }
        return rows;
      };
      return findPageHits(
        { keyword, docIds, synonyms },
        async (stage, ids) => {
          const expression = stageMatch(stage);
          const found: PageMatch[] = [];
          for (const docId of ids) {
            const rows = rowsOf(docId);
            const first = rows[0];
            const last = rows.at(-1);
            if (!first || !last) {
              continue;
            }
            const byRowid = new Map(rows.map((r) => [BigInt(r.rowid), r]));
            for (const hit of matchIn.all(expression, BigInt(first.rowid), BigInt(last.rowid))) {
              const row = byRowid.get(hit.rowid);
              if (row) {
                // bm25 is lower for better matches; a gram hit weighs a fifth of a word hit, as in search_fts.
                found.push({ docId, page: row.page_no, front: row.front === 1, score: -hit.rank });
              }
            }
          }
          return found;
        },
        async (chosen) => {
          const texts = new Map<string, string>();
          for (const m of chosen) {
            const row = rowsOf(m.docId).find((r) => r.page_no === m.page);
            if (row) {
              texts.set(m.docId, pageText.get(row.start + 1, row.len, m.docId)?.text ?? '');
            }
          }
          return texts;
        },
      );
    },
  };
}
