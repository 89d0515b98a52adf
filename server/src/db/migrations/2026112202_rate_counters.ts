import type { MigrationDb } from './helpers.ts';

/** Fixed-window request counters shared by every app node (per-IP limits). */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('rate_counters')
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_counters_pk', ['key', 'window_start'])
    .execute();
  await db.schema
    .createIndex('rate_counters_window_idx')
    .on('rate_counters')
    .column('window_start')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('rate_counters').execute();
}
