import type { MigrationDb } from './helpers.ts';

/**
 * The back-office's last editors (issue 16): `report_companies.position` orders a report's
 * companies, the first being its publisher (the card's 发布机构); rows that existed keep 0, so
 * they stay ordered by organisation id as before. `headlines.cover_key`: a headline's cover,
 * uploaded in the back-office ('' = none, the card shows no picture as before).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('report_companies')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('headlines')
    .addColumn('cover_key', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('headlines').dropColumn('cover_key').execute();
  await db.schema.alterTable('report_companies').dropColumn('position').execute();
}
