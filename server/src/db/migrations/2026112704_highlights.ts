import type { MigrationDb } from './helpers.ts';

/**
 * Highlights and page-anchored notes (issue 21). A note may name a `page` of its item (null: a
 * page-less note, which every note written before this migration becomes) and, when it is a
 * highlight, a `color`, the `quote` it marks and its `anchor` (JSON: text offsets in the page's
 * text and rectangles normalised to the page, so it redraws at any zoom). `source_key` is the
 * report file the anchor was taken on: once the report's file is replaced the anchor may no
 * longer fit, and the note says so instead of being lost.
 */
const COLUMNS = ['source_key', 'anchor', 'quote', 'color', 'page'] as const;

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('notes').addColumn('page', 'integer').execute();
  await db.schema
    .alterTable('notes')
    .addColumn('color', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('notes')
    .addColumn('quote', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('notes')
    .addColumn('anchor', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('notes')
    .addColumn('source_key', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema.alterTable('notes').dropColumn(column).execute();
  }
}
