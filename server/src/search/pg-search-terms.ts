import { sql, type Kysely } from 'kysely';
import type { SearchDialect } from './search-dialect.ts';

/**
 * PostgreSQL keeps each document's full tsvector in `search_terms`, a narrow table of its own
 * (migration 2026112902_pg_search_counts), not in `search_docs`.
 *
 * Why (issue 19, measured on 60,000 and 1,000,000 generated documents): counting a word's
 * matches to 10,001, or reading the ords of a publish period's matches, is a bitmap heap scan
 * that fetches the heap page of every match. PostgreSQL 15 since 15.9 never skips those
 * fetches, all-visible pages or not (the skip was withdrawn for a race with VACUUM). With the
 * tsvector inline, a `search_docs` row is ~4.5 KB — one per 8 KB page — so 10,000 matches were
 * 10,000 page reads. Here a row is (ord, hot, a TOAST pointer): ~100 rows a page. The tsvector
 * itself goes out of line (`toast_tuple_target` 128, the least allowed: every tsvector longer
 * than a few lexemes), so only ranking, which reads it for a window's rows, pays for it.
 *
 * `hot` is repeated here so that sorting a keyword's matches by hot reads this table alone.
 * Rows follow `search_docs` by ord: deleted with it (the foreign key cascades), inserted beside
 * it (pg-search-index.ts), `hot` set in both.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
export async function addSearchTerms(db: Kysely<any>, dialect: SearchDialect): Promise<void> {
  if (dialect !== 'postgres') {
    return;
  }
  await sql`CREATE TABLE search_terms (
    ord BIGINT PRIMARY KEY REFERENCES search_docs (ord) ON DELETE CASCADE,
    hot DOUBLE PRECISION NOT NULL DEFAULT 0,
    tsv TSVECTOR NOT NULL
  ) WITH (toast_tuple_target = 128)`.execute(db);
  // An existing index carries over: its rows are copied in ord order (the order a build
  // writes them, so a period's matches sit on neighbouring pages), then indexed at once.
  await sql`INSERT INTO search_terms (ord, hot, tsv) SELECT ord, hot, tsv FROM search_docs ORDER BY ord`.execute(
    db,
  );
  await sql`CREATE INDEX search_terms_tsv ON search_terms USING gin (tsv)`.execute(db);
  await sql`DROP INDEX search_docs_tsv`.execute(db);
  await sql`ALTER TABLE search_docs DROP COLUMN tsv`.execute(db);
  await sql`ANALYZE search_terms`.execute(db);
}

/** Migration 2026112902's `down`: the tsvectors back in `search_docs`, inline, with their GIN. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
export async function dropSearchTerms(db: Kysely<any>, dialect: SearchDialect): Promise<void> {
  if (dialect !== 'postgres') {
    return;
  }
  await sql`ALTER TABLE search_docs ADD COLUMN tsv TSVECTOR`.execute(db);
  await sql`ALTER TABLE search_docs ALTER COLUMN tsv SET STORAGE MAIN`.execute(db);
  await sql`UPDATE search_docs d SET tsv = t.tsv FROM search_terms t WHERE t.ord = d.ord`.execute(db);
  await sql`ALTER TABLE search_docs ALTER COLUMN tsv SET NOT NULL`.execute(db);
  await sql`CREATE INDEX search_docs_tsv ON search_docs USING gin (tsv)`.execute(db);
  await sql`DROP TABLE search_terms`.execute(db);
}
