import { sql } from 'kysely';
import type { MigrationDb } from './helpers.ts';

/**
 * An insight topic's search body no longer repeats a 分析目标 its description already holds
 * (content-docs.ts `distinctParts`): every topic is queued to be written again, which the
 * start-up rebuild does from the content tables (modules/search/search-rebuild.ts).
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS search_rebuild (doc_id TEXT PRIMARY KEY)`.execute(db);
  await sql`INSERT INTO search_rebuild (doc_id)
    SELECT doc_id FROM search_docs WHERE type = 'insight' ON CONFLICT DO NOTHING`.execute(db);
}

/** Nothing to undo: the bodies written are those the code of the time writes. */
export async function down(): Promise<void> {}
