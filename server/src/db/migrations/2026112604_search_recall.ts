import { addSearchGrams, dropSearchGrams } from '../../search/search.schema.ts';
import { isSqlite, type MigrationDb } from './helpers.ts';

/**
 * Search recall (issue 19): Han character bigrams beside the words, so any word of two
 * characters or more is found wherever the text holds it. Every indexed document is queued in
 * `search_rebuild` and written again at start-up (modules/search/search-rebuild.ts).
 */
export async function up(db: MigrationDb): Promise<void> {
  await addSearchGrams(db, isSqlite(db) ? 'sqlite' : 'postgres');
}

export async function down(db: MigrationDb): Promise<void> {
  await dropSearchGrams(db, isSqlite(db) ? 'sqlite' : 'postgres');
}
