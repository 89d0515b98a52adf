import { orderStampIndex, unorderStampIndex } from '../../search/word-stamps.schema.ts';
import { isSqlite, type MigrationDb } from './helpers.ts';

/** PostgreSQL walks a word stamp's documents in publish order (the re-stamp pass, issue 19). */
export async function up(db: MigrationDb): Promise<void> {
  await orderStampIndex(db, isSqlite(db) ? 'sqlite' : 'postgres');
}

export async function down(db: MigrationDb): Promise<void> {
  await unorderStampIndex(db, isSqlite(db) ? 'sqlite' : 'postgres');
}
