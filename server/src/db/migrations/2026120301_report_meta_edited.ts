import type { MigrationDb } from './helpers.ts';

/**
 * Which of a report's computed metadata an editor rewrote in the back-office (bit 1 the
 * abstract, 2 the contents, 4 the auto tags): the start-up backfill, which computes every
 * report's metadata again when the rules change, leaves those fields as the editor wrote them.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('reports')
    .addColumn('meta_edited', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('reports').dropColumn('meta_edited').execute();
}
