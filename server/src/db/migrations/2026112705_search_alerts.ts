import { withId, type MigrationDb } from './helpers.ts';

/**
 * Search alerts and muted keywords (issue 21, the digest half). A search alert is a saved
 * search (the query and its tab) whose new matches the daily digest sends; `paused_at` set
 * keeps it listed but out of the digest. `user_keywords.muted_at` is the e-mail's 不再接收:
 * the keyword stays subscribed (and on /headlines) but leaves the digest until undone.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('search_alerts'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('query', 'varchar(100)', (c) => c.notNull())
    .addColumn('tn', 'varchar(20)', (c) => c.notNull())
    .addColumn('paused_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('search_alerts_user_query_tn_uq', ['user_id', 'query', 'tn'])
    .execute();
  await db.schema.alterTable('user_keywords').addColumn('muted_at', 'bigint').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('user_keywords').dropColumn('muted_at').execute();
  await db.schema.dropTable('search_alerts').execute();
}
