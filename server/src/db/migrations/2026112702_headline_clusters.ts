import type { MigrationDb } from './helpers.ts';

/**
 * Near-duplicate headlines (issue 18, modules/headline-clusters): `simhash`, the 64-bit SimHash
 * of a headline's jieba tokens (16 hex digits; null until computed — rows that existed before
 * this migration are hashed at start-up, in batches), and `cluster_id`, the id of the first
 * headline of the story it tells (its own id when it is the first). Lists, search and the
 * digest show one headline per cluster; the detail page lists the others.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('headlines').addColumn('simhash', 'varchar(16)').execute();
  await db.schema.alterTable('headlines').addColumn('cluster_id', 'integer').execute();
  await db.schema.createIndex('headlines_cluster_idx').on('headlines').column('cluster_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('headlines_cluster_idx').execute();
  await db.schema.alterTable('headlines').dropColumn('cluster_id').execute();
  await db.schema.alterTable('headlines').dropColumn('simhash').execute();
}
