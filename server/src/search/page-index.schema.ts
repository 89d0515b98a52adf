import { sql, type Kysely } from 'kysely';
import type { SearchDialect } from './search-dialect.ts';
import { sizeFtsLeaves } from './fts-leaves.ts';

/**
 * The page index (migration 2026112707): one row per page of a paged document (a report), so
 * a hit can say which page holds the words (page-index.ts). A page's text is not stored again:
 * `start` and `len` (code points) locate it in the document's body in `search_docs`.
 *
 * SQLite: `search_pages` keys each page by `rowid` = a per-write base + page number, so a
 * document's pages are one rowid range and `search_page_fts` (contentless FTS5 over the page's
 * words and Han bigrams) answers "which of this report's pages match" with a range seek.
 * PostgreSQL: `search_pages` with a tsvector per page, keyed (doc_id, page_no): the lookup is
 * always for the pages of at most a page of hits, found through the primary key, so the
 * tsvectors need no GIN index (it would cost every write and never be used).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
export async function createPageIndex(db: Kysely<any>, dialect: SearchDialect): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`CREATE TABLE search_pages (
      rowid INTEGER PRIMARY KEY,
      doc_id TEXT NOT NULL,
      page_no INTEGER NOT NULL,
      start INTEGER NOT NULL,
      len INTEGER NOT NULL,
      front INTEGER NOT NULL DEFAULT 0
    )`.execute(db);
    await sql`CREATE INDEX search_pages_doc ON search_pages (doc_id)`.execute(db);
    await sql`CREATE VIRTUAL TABLE search_page_fts USING fts5(words, grams, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 0')`.execute(
      db,
    );
    await sizeFtsLeaves(db, ['search_page_fts']);
    return;
  }
  await sql`CREATE TABLE search_pages (
    doc_id TEXT NOT NULL,
    page_no INTEGER NOT NULL,
    start INTEGER NOT NULL,
    len INTEGER NOT NULL,
    front BOOLEAN NOT NULL DEFAULT false,
    tsv TSVECTOR NOT NULL,
    PRIMARY KEY (doc_id, page_no)
  )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
export async function dropPageIndex(db: Kysely<any>, dialect: SearchDialect): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`DROP TABLE IF EXISTS search_page_fts`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS search_pages`.execute(db);
}
