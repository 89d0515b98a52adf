import type { MigrationDb } from './helpers.ts';
import { withId } from './helpers.ts';

/**
 * Favourites and notes (issue 5): per-user folders (one built-in 自由收藏夹 each, `is_default` 1),
 * the items in them, notes on items and the note panel's open/closed state per item.
 * Folder names are unique per user, which also makes creating the built-in folder idempotent.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('favorite_folders'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('remark', 'varchar(400)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('favorite_folders_user_name')
    .on('favorite_folders')
    .columns(['user_id', 'name'])
    .unique()
    .execute();

  await db.schema
    .createTable('favorite_items')
    .addColumn('folder_id', 'integer', (c) =>
      c.notNull().references('favorite_folders.id').onDelete('cascade'),
    )
    /** The folder's owner, repeated so "is this item in any of my folders" is one index probe. */
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** The search doc type: report, business, insight, material. */
    .addColumn('content_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('content_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('favorite_items_pk', ['folder_id', 'content_type', 'content_id'])
    .execute();
  await db.schema
    .createIndex('favorite_items_user_item')
    .on('favorite_items')
    .columns(['user_id', 'content_type', 'content_id'])
    .execute();

  await withId(db, db.schema.createTable('notes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('content_id', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notes_user_created').on('notes').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createIndex('notes_user_item')
    .on('notes')
    .columns(['user_id', 'content_type', 'content_id'])
    .execute();

  await db.schema
    .createTable('note_panels')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('content_id', 'integer', (c) => c.notNull())
    /** 1 open, 2 closed (spec §7). */
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('note_panels_pk', ['user_id', 'content_type', 'content_id'])
    .execute();
  await db.schema
    .createIndex('note_panels_user_updated')
    .on('note_panels')
    .columns(['user_id', 'updated_at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('note_panels').execute();
  await db.schema.dropTable('notes').execute();
  await db.schema.dropTable('favorite_items').execute();
  await db.schema.dropTable('favorite_folders').execute();
}
