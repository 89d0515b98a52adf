import { addWordStamps, dropWordStamps } from '../../search/word-stamps.schema.ts';
import { isSqlite, type MigrationDb } from './helpers.ts';

/**
 * User words matched by their token alone once every document holds them (issue 19, the 1M
 * latency of bigram phrases): the `search_words` registry and each document's `dict_id` stamp
 * (search/word-stamps.ts); every document is queued for the start-up rebuild.
 */
export async function up(db: MigrationDb): Promise<void> {
  await addWordStamps(db, isSqlite(db) ? 'sqlite' : 'postgres');
}

export async function down(db: MigrationDb): Promise<void> {
  await dropWordStamps(db);
}
