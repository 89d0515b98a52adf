import { sql, type Kysely } from 'kysely';
import { BODY_LEAD_CHARS } from './highlight.ts';
import { sizeFtsLeaves } from './fts-leaves.ts';
import { createPageIndex, dropPageIndex } from './page-index.schema.ts';
import { addSearchRank, dropSearchRank } from './pg-search-rank.ts';
import { addSearchTerms } from './pg-search-terms.ts';
import { addWordStamps, orderStampIndex } from './word-stamps.schema.ts';
import type { SearchDialect } from './search-dialect.ts';

export type { SearchDialect };

/** Every search table as the index uses it today (tests, benchmarks): both migrations' steps. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
export async function createSearchSchema(db: Kysely<any>, dialect: SearchDialect): Promise<void> {
  await createSearchTables(db, dialect);
  await addBodyLeads(db, dialect);
  await addSearchGrams(db, dialect);
  await createPageIndex(db, dialect);
  await useFtsTokenSplitter(db, dialect);
  await addSearchTerms(db, dialect);
  await addSearchRank(db, dialect);
  await addWordStamps(db, dialect);
  await orderStampIndex(db, dialect);
}

/**
 * The search tables of the first search migration (2026112205). Both databases key rows by `ord`, the
 * publish order (publish-order.ts), so newest-first is a primary-key walk.
 *
 * SQLite: `search_docs` keeps what snippets and sorting need; `search_fts` is a contentless
 * FTS5 table (the text is already in search_docs) over space-joined jieba tokens. Its
 * tokenizer (`unicode61` here, `ascii` since 2026112901) keeps every run of letters/digits —
 * a Han word included — as one token, and our tokens are exactly such runs, so FTS5 never
 * re-splits them. Diacritics are kept so index and query tokens stay byte-identical. `kind` holds one token per type
 * so a type filter is a posting-list intersection, not a row filter. `search_title_fts`
 * repeats the title and tag tokens alone: "documents whose title matches" then costs in
 * proportion to title matches, where a column filter on `search_fts` would read the whole
 * posting list of a word found in 300,000 bodies. `search_recent_fts` repeats the newest
 * RECENT_DOCS documents: bm25 computes each word's IDF by reading its whole posting list
 * (~40 ns per document holding it — 35 ms for a word in 940,000 documents), so ranking
 * candidates that are all recent runs there, where that pass is bounded
 * (sqlite-search-reader.ts).
 *
 * PostgreSQL: `tsv` holds the same tokens (title and tags weight A, body weight B) plus
 * a type lexeme and a publish-month lexeme (pg-lexemes.ts); `title_tsv` holds title and tag
 * tokens alone for the title-match candidates. Both have GIN indexes. Since 2026112902 `tsv`
 * lives in the narrow `search_terms` table instead (pg-search-terms.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
export async function createSearchTables(db: Kysely<any>, dialect: SearchDialect): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`CREATE TABLE search_docs (
      ord INTEGER PRIMARY KEY,
      doc_id TEXT NOT NULL UNIQUE,
      type TEXT NOT NULL,
      published_at INTEGER NOT NULL,
      hot REAL NOT NULL DEFAULT 0,
      title TEXT NOT NULL,
      body TEXT NOT NULL
    )`.execute(db);
    // Carries type so a type-filtered hot walk never touches the wide rows.
    await sql`CREATE INDEX search_docs_hot ON search_docs (hot DESC, ord DESC, type)`.execute(db);
    // Covering (ord → hot) lookups for "hot among the newest matches", off the wide rows.
    await sql`CREATE INDEX search_docs_ord_hot ON search_docs (ord, hot)`.execute(db);
    await createFtsTables(db, false);
    return;
  }
  await sql`CREATE TABLE search_docs (
    ord BIGINT PRIMARY KEY,
    doc_id TEXT NOT NULL UNIQUE,
    type TEXT NOT NULL,
    published_at TIMESTAMPTZ NOT NULL,
    hot DOUBLE PRECISION NOT NULL DEFAULT 0,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    tsv TSVECTOR NOT NULL,
    title_tsv TSVECTOR NOT NULL
  )`.execute(db);
  // Keep the tsvectors in the row (compressed) and push the body out to TOAST instead:
  // ranking reads tsv for thousands of candidates, snippets read body for twenty.
  await sql`ALTER TABLE search_docs ALTER COLUMN tsv SET STORAGE MAIN, ALTER COLUMN title_tsv SET STORAGE MAIN`.execute(
    db,
  );
  await sql`CREATE INDEX search_docs_tsv ON search_docs USING gin (tsv)`.execute(db);
  await sql`CREATE INDEX search_docs_title_tsv ON search_docs USING gin (title_tsv)`.execute(db);
  await sql`CREATE INDEX search_docs_hot ON search_docs (hot DESC, ord DESC) INCLUDE (type)`.execute(db);
}

/**
 * The first BODY_LEAD_CHARS characters of every longer body, stored apart from it (migration
 * 2026112401). A snippet is cut around the first query token in a body: looked for in the lead
 * first, a long report's body (a 30-page report holds ~90,000 characters) is read only when the
 * lead does not hold a token. SQLite keeps leads in their own table (a column after `body`
 * would sit behind the body's overflow pages); PostgreSQL in a column (the body is in TOAST).
 * Bodies no longer than the lead have none.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
export async function addBodyLeads(db: Kysely<any>, dialect: SearchDialect): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`CREATE TABLE search_leads (ord INTEGER PRIMARY KEY, lead TEXT NOT NULL)`.execute(db);
    await sql`INSERT INTO search_leads (ord, lead)
      SELECT ord, substr(body, 1, ${BODY_LEAD_CHARS}) FROM search_docs WHERE length(body) > ${BODY_LEAD_CHARS}`.execute(
      db,
    );
    return;
  }
  await sql`ALTER TABLE search_docs ADD COLUMN lead TEXT`.execute(db);
  await sql`UPDATE search_docs SET lead = left(body, ${BODY_LEAD_CHARS}) WHERE length(body) > ${BODY_LEAD_CHARS}`.execute(
    db,
  );
}

/** Migration 2026112401's `down`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
export async function dropBodyLeads(db: Kysely<any>, dialect: SearchDialect): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`DROP TABLE IF EXISTS search_leads`.execute(db);
    return;
  }
  await sql`ALTER TABLE search_docs DROP COLUMN IF EXISTS lead`.execute(db);
}

/**
 * How FTS5 splits our token strings. `unicode61` (the first migrations) looks each character up
 * in its Unicode tables; `ascii` (2026112901) treats every non-ASCII character as part of a
 * token and only ASCII characters other than letters and digits as separators. Our tokens are
 * already normalised runs of letters and digits joined by single spaces (segmenter.ts), and
 * lower case, so `ascii` stores them byte for byte, at ~25 % less CPU per insert.
 */
type FtsTokenizer = 'unicode61' | 'ascii';

/**
 * FTS5 keeps a transaction's new terms in memory and writes them out as a segment whenever they
 * pass `hashsize` bytes (1 MiB by default): a 5,000-document batch made ~15 segments per table
 * for automerge to merge again. 16 MiB makes one segment per batch of that size, at ~15 % less
 * CPU per insert (2026-11-27, 30,000 generated documents); 64 MiB gained nothing more.
 */
const FTS_HASH_BYTES = 16 * 1024 * 1024;

async function createFtsTables(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
  db: Kysely<any>,
  grams: boolean,
  tokenizer: FtsTokenizer = 'unicode61',
): Promise<void> {
  const textGrams = grams ? sql`, tgrams, bgrams` : sql``;
  const titleGrams = grams ? sql`, tgrams` : sql``;
  const tokenize = tokenizer === 'ascii' ? sql`'ascii'` : sql`'unicode61 remove_diacritics 0'`;
  const options = sql`content = '', contentless_delete = 1, tokenize = ${tokenize}`;
  await sql`CREATE VIRTUAL TABLE search_fts USING fts5(title, tags, body, kind${textGrams}, ${options})`.execute(
    db,
  );
  await sql`CREATE VIRTUAL TABLE search_title_fts USING fts5(title, tags, kind${titleGrams}, ${options})`.execute(
    db,
  );
  await sql`CREATE VIRTUAL TABLE search_recent_fts USING fts5(title, tags, body, kind${textGrams}, ${options})`.execute(
    db,
  );
  await sizeFtsLeaves(db, ['search_fts', 'search_title_fts', 'search_recent_fts']);
  if (tokenizer === 'ascii') {
    // A literal: a bound JS number reaches SQLite as REAL, which FTS5 refuses for hashsize.
    for (const table of ['search_fts', 'search_title_fts', 'search_recent_fts']) {
      await sql`INSERT INTO ${sql.table(table)} (${sql.ref(table)}, rank) VALUES ('hashsize', ${sql.lit(FTS_HASH_BYTES)})`.execute(
        db,
      );
    }
  }
}

async function replaceFtsTables(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
  db: Kysely<any>,
  grams: boolean,
  tokenizer: FtsTokenizer = 'unicode61',
): Promise<void> {
  await sql`DROP TABLE IF EXISTS search_recent_fts`.execute(db);
  await sql`DROP TABLE IF EXISTS search_title_fts`.execute(db);
  await sql`DROP TABLE IF EXISTS search_fts`.execute(db);
  await createFtsTables(db, grams, tokenizer);
}

/**
 * Han character bigrams beside the words (migration 2026112604, segmenter.ts `gramTokens`):
 * SQLite's three FTS5 tables get gram columns (`tgrams` for title and tags, `bgrams` for the
 * body; FTS5 cannot add a column, so they are made again, empty) and PostgreSQL's tsvectors
 * gain `^`-prefixed gram lexemes on their next write. Either way every document must be
 * written again: `search_rebuild` lists them, and the start-up rebuild
 * (modules/search/search-rebuild.ts) writes them from the content tables, tags included,
 * which the index alone cannot give back, and empties the list.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
export async function addSearchGrams(db: Kysely<any>, dialect: SearchDialect): Promise<void> {
  await queueSearchRebuild(db, dialect, true);
}

/** Migration 2026112604's `down`: the tables without grams, every document queued again. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
export async function dropSearchGrams(db: Kysely<any>, dialect: SearchDialect): Promise<void> {
  await queueSearchRebuild(db, dialect, false);
}

async function queueSearchRebuild(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
  db: Kysely<any>,
  dialect: SearchDialect,
  grams: boolean,
  tokenizer: FtsTokenizer = 'unicode61',
): Promise<void> {
  if (dialect === 'sqlite') {
    await replaceFtsTables(db, grams, tokenizer);
  }
  await sql`CREATE TABLE IF NOT EXISTS search_rebuild (doc_id TEXT PRIMARY KEY)`.execute(db);
  await sql`INSERT INTO search_rebuild (doc_id) SELECT doc_id FROM search_docs WHERE true ON CONFLICT DO NOTHING`.execute(
    db,
  );
}

/**
 * Migration 2026112901 (SQLite indexing rate, issue 19): the three FTS5 tables made again with
 * the `ascii` tokenizer and a 16 MiB pending-terms buffer (see FtsTokenizer, FTS_HASH_BYTES),
 * every document queued for the start-up rebuild as 2026112604 does. The tokens, and so every
 * match, are the same. PostgreSQL has nothing to change.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
export async function useFtsTokenSplitter(db: Kysely<any>, dialect: SearchDialect): Promise<void> {
  if (dialect === 'sqlite') {
    await queueSearchRebuild(db, dialect, true, 'ascii');
  }
}

/** Migration 2026112901's `down`: the `unicode61` tables, every document queued again. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
export async function dropFtsTokenSplitter(db: Kysely<any>, dialect: SearchDialect): Promise<void> {
  if (dialect === 'sqlite') {
    await queueSearchRebuild(db, dialect, true, 'unicode61');
  }
}

/** Every search table (the first migration's `down`, and tests). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
export async function dropSearchSchema(db: Kysely<any>, dialect: SearchDialect): Promise<void> {
  await sql`DROP TABLE IF EXISTS search_rebuild`.execute(db);
  await sql`DROP TABLE IF EXISTS search_words`.execute(db);
  await dropPageIndex(db, dialect);
  if (dialect === 'sqlite') {
    await sql`DROP TABLE IF EXISTS search_leads`.execute(db);
    await sql`DROP TABLE IF EXISTS search_recent_fts`.execute(db);
    await sql`DROP TABLE IF EXISTS search_title_fts`.execute(db);
    await sql`DROP TABLE IF EXISTS search_fts`.execute(db);
  }
  // PostgreSQL's terms and ranking vectors (pg-search-terms.ts, pg-search-rank.ts) reference search_docs.
  await dropSearchRank(db, dialect);
  await sql`DROP TABLE IF EXISTS search_terms`.execute(db);
  await sql`DROP TABLE IF EXISTS search_docs`.execute(db);
}
