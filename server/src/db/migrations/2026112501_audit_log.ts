import { withId, type MigrationDb } from './helpers.ts';

/** The back-office audit log: append-only; `before`/`after` are JSON text (null: created / deleted). */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(100)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(50)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_target_idx')
    .on('audit_log')
    .columns(['target_type', 'target_id'])
    .execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
