import { type MigrationDb, withId } from './helpers.ts';

/**
 * Feed sources (issue 18, modules/feeds): the sources an admin adds, with their schedule,
 * conditional-GET validators, last result and the lease a poller holds; and the items already
 * taken, so a story is written once across polls and sources.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('feed_sources'))
    .addColumn('url', 'varchar(1000)', (c) => c.notNull())
    /** The headlines' source (publisher). */
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('category', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    /** weekdays_0800 | every_n_minutes */
    .addColumn('schedule', 'varchar(30)', (c) => c.notNull().defaultTo('weekdays_0800'))
    .addColumn('interval_minutes', 'integer')
    .addColumn('etag', 'varchar(1000)')
    .addColumn('last_modified', 'varchar(100)')
    .addColumn('last_fetched_at', 'bigint')
    /** ok | error; null before the first poll. */
    .addColumn('last_status', 'varchar(10)')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('last_added', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_skipped', 'integer', (c) => c.notNull().defaultTo(0))
    /** When the scheduler polls it next. */
    .addColumn('next_poll_at', 'bigint')
    /** The process polling it now; a lease past lease_until is abandoned (its process died). */
    .addColumn('lease_owner', 'varchar(120)')
    .addColumn('lease_until', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('feed_sources_due_idx')
    .on('feed_sources')
    .columns(['enabled', 'next_poll_at'])
    .execute();

  // An item once taken: its guid and normalised link each map to the headline it became. No
  // foreign keys: a deleted source or headline leaves the memory, so the item is not re-added.
  await withId(db, db.schema.createTable('feed_items'))
    .addColumn('source_id', 'integer')
    .addColumn('guid', 'varchar(1000)')
    .addColumn('link_key', 'varchar(1000)')
    .addColumn('headline_id', 'integer')
    /** Hash of title, summary, body and link: a change means update in place. */
    .addColumn('content_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feed_items_guid_uq').on('feed_items').column('guid').unique().execute();
  await db.schema.createIndex('feed_items_link_uq').on('feed_items').column('link_key').unique().execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('feed_items').execute();
  await db.schema.dropTable('feed_sources').execute();
}
