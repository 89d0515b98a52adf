import { sql } from 'kysely';
import type { MigrationDb } from './helpers.ts';

/**
 * Organisations and banners in the back-office (issue 16). Banners get a schedule (`starts_at`,
 * `ends_at`, epoch ms, null = open-ended): outside it the home carousel leaves them out.
 * Banners, organisations and products get `version` (each admin write adds one; a save naming
 * an older version is refused) and `updated_at`, set to `created_at` for existing rows.
 */
const VERSIONED = ['banners', 'organisations', 'organisation_products'] as const;

export async function up(db: MigrationDb): Promise<void> {
  // SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable('banners').addColumn('starts_at', 'bigint').execute();
  await db.schema.alterTable('banners').addColumn('ends_at', 'bigint').execute();
  for (const table of VERSIONED) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db
      .updateTable(table)
      .set({ updated_at: sql`created_at` })
      .execute();
  }
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of VERSIONED) {
    for (const column of ['updated_at', 'version']) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
  for (const column of ['ends_at', 'starts_at']) {
    await db.schema.alterTable('banners').dropColumn(column).execute();
  }
}
