import { Migrator, NO_MIGRATIONS, type MigrationResultSet } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';

function migrator(db: Db): Migrator {
  return new Migrator({
    db: db.kysely,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    // Kysely looks for its bookkeeping tables in any schema unless told which one.
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
}

function check({ error, results }: MigrationResultSet): string[] {
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed`, { cause: error });
  }
  return (results ?? []).map((r) => `${r.direction === 'Up' ? 'applied' : 'reverted'} ${r.migrationName}`);
}

/** Applies every pending migration; returns what it did. Safe to run on many nodes at once (Kysely takes a lock). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return check(await migrator(db).migrateToLatest());
}

/** Reverts every migration (tests and `down` checks only). */
export async function migrateAllDown(db: Db): Promise<string[]> {
  return check(await migrator(db).migrateTo(NO_MIGRATIONS));
}
