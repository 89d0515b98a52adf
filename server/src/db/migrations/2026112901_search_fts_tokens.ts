import { dropFtsTokenSplitter, useFtsTokenSplitter } from '../../search/search.schema.ts';
import { isSqlite, type MigrationDb } from './helpers.ts';

/**
 * SQLite indexing rate (issue 19): the FTS5 tables split our already-normalised tokens with the
 * `ascii` tokenizer and buffer 16 MiB of new terms per table. FTS5 cannot change a table's
 * tokenizer, so the tables are made again, empty, and every indexed document is queued in
 * `search_rebuild` and written again at start-up (modules/search/search-rebuild.ts), as
 * 2026112604 does. Nothing changes on PostgreSQL.
 */
export async function up(db: MigrationDb): Promise<void> {
  await useFtsTokenSplitter(db, isSqlite(db) ? 'sqlite' : 'postgres');
}

export async function down(db: MigrationDb): Promise<void> {
  await dropFtsTokenSplitter(db, isSqlite(db) ? 'sqlite' : 'postgres');
}
