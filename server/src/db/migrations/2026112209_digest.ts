import { type MigrationDb, withId } from './helpers.ts';

/**
 * The daily keyword digest (issue 6, modules/digest): runs, one planned digest per user and
 * day (the unit workers claim, send and retry), and each user's cut-off of their last digest.
 */
export async function up(db: MigrationDb): Promise<void> {
  // One row per planning pass (the 08:00 schedule, `npm run digest`, a bench): what it planned.
  await withId(db, db.schema.createTable('digest_runs'))
    /** The digest day, YYYY-MM-DD in DIGEST_TIMEZONE. */
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    /** schedule | manual | bench */
    .addColumn('trigger', 'varchar(20)', (c) => c.notNull())
    .addColumn('host', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    /** planning | planned | failed */
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('cutoff_at', 'bigint', (c) => c.notNull())
    .addColumn('subscribers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('planned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('headlines', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('digest_runs_started_idx').on('digest_runs').column('started_at').execute();

  await withId(db, db.schema.createTable('digests'))
    .addColumn('run_id', 'integer', (c) => c.notNull().references('digest_runs.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    /** The address at planning time (the send goes to the address current at sending). */
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    /** JSON [{keyword, ids: [headline id, newest first]}], in the user's keyword order. */
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('headline_count', 'integer', (c) => c.notNull())
    .addColumn('since_at', 'bigint', (c) => c.notNull())
    .addColumn('cutoff_at', 'bigint', (c) => c.notNull())
    /** planned → sending (claimed) → sent; or back to planned with a later next_attempt_at; failed; skipped. */
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('planned'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_by', 'varchar(120)')
    /** A claim older than this is abandoned (its worker died) and may be claimed again. */
    .addColumn('lease_until', 'bigint')
    .addColumn('sent_at', 'bigint')
    .addColumn('message_id', 'varchar(255)')
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('digests_user_day_uq', ['user_id', 'day'])
    .execute();
  await db.schema
    .createIndex('digests_due_idx')
    .on('digests')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('digests_run_idx').on('digests').columns(['run_id', 'status']).execute();

  /** Where each user's next digest starts: the cut-off of the last one planned for them. */
  await db.schema
    .createTable('digest_cursors')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_cutoff_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('digest_cursors').execute();
  await db.schema.dropTable('digests').execute();
  await db.schema.dropTable('digest_runs').execute();
}
