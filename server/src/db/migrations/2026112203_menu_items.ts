import { type MigrationDb, withId } from './helpers.ts';

/** The sidebar menu (GET /api/menu): a two-level tree ordered by sort_order. */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('menu_items'))
    .addColumn('parent_id', 'integer', (c) => c.references('menu_items.id').onDelete('cascade'))
    .addColumn('key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('path', 'varchar(500)', (c) => c.notNull())
    .addColumn('icon', 'varchar(100)')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('menu_items_parent_idx')
    .on('menu_items')
    .columns(['parent_id', 'sort_order'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('menu_items').execute();
}
