import { sql, type Kysely } from 'kysely';
import type { SearchDialect } from './search-dialect.ts';

/**
 * The registry of user words the index holds as tokens wherever they occur, and each
 * document's stamp (migration 2026113001; word-stamps.ts says how they are used).
 * `search_words.id` grows in commit order (PostgreSQL registers under the index's write lock).
 * `search_docs.dict_id` is -1 for a document written before: every document is queued for the
 * start-up rebuild (modules/search/search-rebuild.ts), which writes it again with a stamp.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
export async function addWordStamps(db: Kysely<any>, dialect: SearchDialect): Promise<void> {
  const id =
    dialect === 'sqlite'
      ? sql`INTEGER PRIMARY KEY AUTOINCREMENT`
      : sql`BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY`;
  await sql`CREATE TABLE search_words (id ${id}, word TEXT NOT NULL UNIQUE)`.execute(db);
  await sql`ALTER TABLE search_docs ADD COLUMN dict_id BIGINT NOT NULL DEFAULT -1`.execute(db);
  // The smallest stamp is one index probe (min over the index's first entry).
  await sql`CREATE INDEX search_docs_dict ON search_docs (dict_id)`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS search_rebuild (doc_id TEXT PRIMARY KEY)`.execute(db);
  await sql`INSERT INTO search_rebuild (doc_id) SELECT doc_id FROM search_docs WHERE true ON CONFLICT DO NOTHING`.execute(
    db,
  );
}

/** Migration 2026113001's `down`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
export async function dropWordStamps(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS search_docs_dict`.execute(db);
  await sql`ALTER TABLE search_docs DROP COLUMN dict_id`.execute(db);
  await sql`DROP TABLE IF EXISTS search_words`.execute(db);
}

/**
 * Migration 2026113002: PostgreSQL's stamp index also orders each stamp's documents by `ord`, so
 * the re-stamp pass (word-restamp.ts) walks a stamp's documents in publish order without sorting
 * them. SQLite's index entries end with the rowid (= ord) already.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
export async function orderStampIndex(db: Kysely<any>, dialect: SearchDialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`DROP INDEX search_docs_dict`.execute(db);
    await sql`CREATE INDEX search_docs_dict ON search_docs (dict_id, ord)`.execute(db);
  }
}

/** Migration 2026113002's `down`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on any database schema
export async function unorderStampIndex(db: Kysely<any>, dialect: SearchDialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`DROP INDEX search_docs_dict`.execute(db);
    await sql`CREATE INDEX search_docs_dict ON search_docs (dict_id)`.execute(db);
  }
}
