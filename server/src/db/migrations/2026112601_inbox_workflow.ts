import { withId, type MigrationDb } from './helpers.ts';

/**
 * The back-office inboxes (issue 16): organisation claims filed from the claim dialog, the
 * workflow state of every feedback, enquiry and claim (a row appears on the first change; none
 * means 新建, version 0), and the e-mail replies sent from the inbox.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('organisation_claims'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('organisation_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('contact', 'varchar(254)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('organisation_claims_organisation_idx')
    .on('organisation_claims')
    .column('organisation_id')
    .execute();

  await db.schema
    .createTable('inbox_items')
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('new'))
    .addColumn('assignee_id', 'integer')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('inbox_items_pk', ['kind', 'item_id'])
    .execute();
  await db.schema
    .createIndex('inbox_items_status_idx')
    .on('inbox_items')
    .columns(['kind', 'status'])
    .execute();

  await withId(db, db.schema.createTable('inbox_replies'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('admin_id', 'integer', (c) => c.notNull())
    .addColumn('to_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('inbox_replies_item_idx')
    .on('inbox_replies')
    .columns(['kind', 'item_id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('inbox_replies').execute();
  await db.schema.dropTable('inbox_items').execute();
  await db.schema.dropTable('organisation_claims').execute();
}
