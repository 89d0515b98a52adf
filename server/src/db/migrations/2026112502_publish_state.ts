import { sql } from 'kysely';
import type { MigrationDb } from './helpers.ts';

/**
 * Publish state of every content type (issue 16): `status` draft | published | unpublished
 * (users see published rows only), `version` for optimistic concurrency (each admin write adds
 * one; a save naming an older version is refused) and `updated_at`. Existing rows were all
 * visible, so they become `published`, version 1, updated when they were created.
 */
const TABLES = ['reports', 'headlines', 'analyses', 'materials'] as const;

export async function up(db: MigrationDb): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('published'))
      .execute();
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
    // The back-office lists one type by status, newest first.
    await db.schema
      .createIndex(`${table}_status_idx`)
      .on(table)
      .columns(['status', 'published_at'])
      .execute();
  }
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_status_idx`).execute();
    for (const column of ['updated_at', 'version', 'status']) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
