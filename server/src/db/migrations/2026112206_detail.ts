import type { MigrationDb } from './helpers.ts';

/**
 * Detail pages (issue 4): per-user useful marks and insight-topic shortcuts, restricted
 * analyses with per-user grants, and the per-user flag that lets report company links open
 * organisation pages (`organ_detail_menu`, 1 by default).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('organ_detail_menu', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('analyses')
    .addColumn('restricted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('analysis_grants')
    .addColumn('analysis_id', 'integer', (c) => c.notNull().references('analyses.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analysis_grants_pk', ['analysis_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('usefulness_marks')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** The search doc type: report, business, insight, material. */
    .addColumn('content_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('content_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('usefulness_marks_pk', ['user_id', 'content_type', 'content_id'])
    .execute();

  await db.schema
    .createTable('insight_shortcuts')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('analysis_id', 'integer', (c) => c.notNull().references('analyses.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('insight_shortcuts_pk', ['user_id', 'analysis_id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('insight_shortcuts').execute();
  await db.schema.dropTable('usefulness_marks').execute();
  await db.schema.dropTable('analysis_grants').execute();
  await db.schema.alterTable('analyses').dropColumn('restricted').execute();
  await db.schema.alterTable('users').dropColumn('organ_detail_menu').execute();
}
