import { sql } from 'kysely';
import { createPageIndex, dropPageIndex } from '../../search/page-index.schema.ts';
import { isSqlite, type MigrationDb } from './helpers.ts';

/**
 * Report pages and metadata (issue 19). The page index (search/page-index.schema.ts) makes each
 * report page searchable on its own; every report document is queued in `search_rebuild`, so
 * the start-up rebuild writes them again with their pages. Reports get an abstract, a table of
 * contents and tags found from keywords (modules/content/report-metadata.ts), computed at
 * ingestion; `meta_version` below the current one marks a report whose metadata the start-up
 * backfill still has to compute (all of them, here).
 */
export async function up(db: MigrationDb): Promise<void> {
  const dialect = isSqlite(db) ? 'sqlite' : 'postgres';
  await createPageIndex(db, dialect);
  await sql`CREATE TABLE IF NOT EXISTS search_rebuild (doc_id TEXT PRIMARY KEY)`.execute(db);
  await sql`INSERT INTO search_rebuild (doc_id) SELECT doc_id FROM search_docs WHERE type = 'report' ON CONFLICT DO NOTHING`.execute(
    db,
  );
  await db.schema
    .alterTable('reports')
    .addColumn('abstract', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('reports')
    .addColumn('toc', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('reports')
    .addColumn('auto_tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('reports')
    .addColumn('meta_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const column of ['meta_version', 'auto_tags', 'toc', 'abstract']) {
    await db.schema.alterTable('reports').dropColumn(column).execute();
  }
  await dropPageIndex(db, isSqlite(db) ? 'sqlite' : 'postgres');
}
