import { createSearchTables, dropSearchSchema } from '../../search/search.schema.ts';
import { isSqlite, type MigrationDb } from './helpers.ts';

/** The full-text index over every content type (server/src/search). */
export async function up(db: MigrationDb): Promise<void> {
  await createSearchTables(db, isSqlite(db) ? 'sqlite' : 'postgres');
}

export async function down(db: MigrationDb): Promise<void> {
  await dropSearchSchema(db, isSqlite(db) ? 'sqlite' : 'postgres');
}
