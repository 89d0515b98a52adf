import type { MigrationDb } from './helpers.ts';

const TABLES = ['company_types', 'industries', 'subscription_keywords'] as const;

/**
 * The back-office catalogue (issue 16): a `version` on company types, industries and recommended
 * keywords (optimistic concurrency of the admin's edits; +1 on each), and an industry's name
 * unique within its company type, as a type's name and a keyword already are; and
 * `catalogue_reindex`, one row: how many search documents the current re-index after a keyword
 * change has queued in `search_rebuild` (its progress is that minus what is left there).
 */
export async function up(db: MigrationDb): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
  await db.schema
    .createIndex('industries_type_name_uq')
    .on('industries')
    .columns(['company_type_id', 'name'])
    .unique()
    .execute();
  await db.schema
    .createTable('catalogue_reindex')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('queued', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('catalogue_reindex').execute();
  await db.schema.dropIndex('industries_type_name_uq').execute();
  for (const table of TABLES) {
    await db.schema.alterTable(table).dropColumn('version').execute();
  }
}
