import type { MigrationDb } from './helpers.ts';

/**
 * Back-office analytics and mail (issue 16):
 * - `analytics_daily`: per local day (Asia/Shanghai, DIGEST_TIMEZONE) counters — logins,
 *   searches, zero-result searches, and views / downloads / favourites per content type —
 *   added to in batches by modules/analytics (one upsert per key and flush).
 * - `analytics_queries`: per day and search keyword, how often it was searched and how often
 *   it found nothing (top queries and top zero-result queries over any range).
 * - `user_days`: one row per user and day they made an authenticated request (daily active users).
 * - `job_leases`: named leases that keep a back-office job (run today's digest now) to one
 *   holder across processes; an expired lease may be taken over.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('analytics_daily')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    /** login | search | search_zero | view | download | favorite */
    .addColumn('metric', 'varchar(30)', (c) => c.notNull())
    /** report | business | insight | material for content counters, '' otherwise. */
    .addColumn('content_type', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_daily_pk', ['day', 'metric', 'content_type'])
    .execute();

  await db.schema
    .createTable('analytics_queries')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('query', 'varchar(100)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('zero_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_queries_pk', ['day', 'query'])
    .execute();

  await db.schema
    .createTable('user_days')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_days_pk', ['user_id', 'day'])
    .execute();
  await db.schema.createIndex('user_days_day_idx').on('user_days').column('day').execute();

  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(120)', (c) => c.notNull())
    .addColumn('until', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
  await db.schema.dropTable('user_days').execute();
  await db.schema.dropTable('analytics_queries').execute();
  await db.schema.dropTable('analytics_daily').execute();
}
