import { addBodyLeads, dropBodyLeads } from '../../search/search.schema.ts';
import { isSqlite, type MigrationDb } from './helpers.ts';

/** Body leads: snippets of long reports without reading their whole text (search.schema.ts). */
export async function up(db: MigrationDb): Promise<void> {
  await addBodyLeads(db, isSqlite(db) ? 'sqlite' : 'postgres');
}

export async function down(db: MigrationDb): Promise<void> {
  await dropBodyLeads(db, isSqlite(db) ? 'sqlite' : 'postgres');
}
