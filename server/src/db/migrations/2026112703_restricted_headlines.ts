import type { MigrationDb } from './helpers.ts';

/**
 * Restricted headlines (issue 22; spec §6: the server may refuse a headline with 1001): the
 * same flag and per-user grants as restricted insight topics (`analyses.restricted`,
 * `analysis_grants`). Grants leave with their headline or user.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('headlines')
    .addColumn('restricted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('headline_grants')
    .addColumn('headline_id', 'integer', (c) => c.notNull().references('headlines.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('headline_grants_pk', ['headline_id', 'user_id'])
    .execute();
  // The user's own grants (the back-office's user page lists them).
  await db.schema.createIndex('headline_grants_user').on('headline_grants').column('user_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('headline_grants').execute();
  await db.schema.alterTable('headlines').dropColumn('restricted').execute();
}
