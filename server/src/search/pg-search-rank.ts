import { sql, type Kysely } from 'kysely';
import { GRAM_PREFIX } from './pg-lexemes.ts';
import type { SearchDialect } from './search-dialect.ts';

/**
 * PostgreSQL ranks a keyword's body matches with a words-only tsvector kept in `search_rank`
 * (migration 2026113004): the document's word tokens at the positions and weights they have in
 * its full tsvector, without the Han bigrams, the complete-word lexemes or the filter lexemes.
 *
 * Why (issue 19, measured on 200,000 generated documents): the relevance tier ranks up to
 * RELEVANCE_WINDOW (5,000) matches with ts_rank, and each full tsvector — words and bigrams,
 * ~3.4 KB — lives out of line in `search_terms`' TOAST (pg-search-terms.ts says why), so ranking
 * a row read ~4 buffers and detoasted it: ~3–4 µs a row, 15–20 ms a window. The words alone are
 * ~1.2 KB, small enough to stay in the row here; ranking the same 5,000 rows takes ~2 ms more
 * than reading them. `search_terms` stays narrow for counting.
 *
 * A row holding every query word as a token is ranked on this vector; any other match (a word
 * found only inside a longer one, through its bigram phrase) on the full vector, weighed at
 * GRAM_MATCH_RANK_FACTOR — as on SQLite, where a gram hit weighs a fifth of a word hit — so whole
 * words keep ranking first.
 *
 * Rows follow `search_docs` by ord: deleted with it (the foreign key cascades), inserted beside
 * it (pg-search-index.ts).
 */
export const GRAM_MATCH_RANK_FACTOR = 0.2;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
export async function addSearchRank(db: Kysely<any>, dialect: SearchDialect): Promise<void> {
  if (dialect !== 'postgres') {
    return;
  }
  await sql`CREATE TABLE search_rank (
    ord BIGINT PRIMARY KEY REFERENCES search_docs (ord) ON DELETE CASCADE,
    tsv TSVECTOR NOT NULL
  )`.execute(db);
  // An existing index carries over: each full tsvector less its gram and filter lexemes is
  // exactly what the writer stores (documentTsvectors: word positions are counted apart).
  // ~12 s per 200,000 documents on a 2-core machine, once, at start-up.
  await sql`INSERT INTO search_rank (ord, tsv)
    SELECT ord, ts_delete(tsv, ARRAY(
      SELECT lexeme FROM unnest(tsv) WHERE left(lexeme, 1) IN (${GRAM_PREFIX}, '~')
    )) FROM search_terms ORDER BY ord`.execute(db);
  await sql`ANALYZE search_rank`.execute(db);
}

/** Migration 2026113004's `down`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
export async function dropSearchRank(db: Kysely<any>, dialect: SearchDialect): Promise<void> {
  if (dialect !== 'postgres') {
    return;
  }
  await sql`DROP TABLE IF EXISTS search_rank`.execute(db);
}
