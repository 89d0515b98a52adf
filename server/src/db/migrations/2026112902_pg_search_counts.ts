import { addSearchTerms, dropSearchTerms } from '../../search/pg-search-terms.ts';
import { isSqlite, type MigrationDb } from './helpers.ts';

/**
 * PostgreSQL search counts read a narrow table (issue 19): each document's tsvector moves from
 * `search_docs` to `search_terms` (ord, hot, tsvector out of line) with its own GIN index,
 * filled from the rows already indexed (search/pg-search-terms.ts says why). Nothing changes
 * on SQLite.
 */
export async function up(db: MigrationDb): Promise<void> {
  await addSearchTerms(db, isSqlite(db) ? 'sqlite' : 'postgres');
}

export async function down(db: MigrationDb): Promise<void> {
  await dropSearchTerms(db, isSqlite(db) ? 'sqlite' : 'postgres');
}
