import type { MigrationDb } from './helpers.ts';

/**
 * Menu and theme from the back-office (issue 16, spec §3):
 * - `menu_items.enabled` (1 shown, 0 left out of GET /api/menu) and `version` (optimistic
 *   concurrency of the admin's edits; +1 on each).
 * - `site_settings`: one row per setting (`theme`: the session's theme colours and logo) as JSON,
 *   with its own `version`. No row: the configured defaults (`THEME`, `LOGO_URL`) apply.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('menu_items')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('menu_items')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('site_settings')
    .addColumn('key', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('site_settings').execute();
  await db.schema.alterTable('menu_items').dropColumn('version').execute();
  await db.schema.alterTable('menu_items').dropColumn('enabled').execute();
}
