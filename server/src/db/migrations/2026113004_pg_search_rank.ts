import { addSearchRank, dropSearchRank } from '../../search/pg-search-rank.ts';
import { isSqlite, type MigrationDb } from './helpers.ts';

/**
 * PostgreSQL ranks body matches on a words-only tsvector kept in `search_rank` (issue 19),
 * filled from the rows already indexed (search/pg-search-rank.ts says why). Nothing changes on
 * SQLite.
 */
export async function up(db: MigrationDb): Promise<void> {
  await addSearchRank(db, isSqlite(db) ? 'sqlite' : 'postgres');
}

export async function down(db: MigrationDb): Promise<void> {
  await dropSearchRank(db, isSqlite(db) ? 'sqlite' : 'postgres');
}
