import type { MigrationDb } from './helpers.ts';

/**
 * A user's display preferences (issue 19: the report list's 封面/列表 view "remembered per
 * user"), one row per user who chose anything, one typed column per preference: the server
 * checks each value, and a new preference is a new column with its default.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('user_preferences')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('report_view', 'varchar(10)', (c) => c.notNull().defaultTo('grid'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('user_preferences').execute();
}
