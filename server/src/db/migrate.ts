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

/** PostgreSQL's "column does not exist", "relation does not exist" and "schema does not exist". */
const CATALOGUE_RACE_CODES = new Set(['42703', '42P01', '3F000']);
const CATALOGUE_RACE_TRIES = 5;

/**
 * Before it migrates, Kysely looks for its bookkeeping tables by reading the catalogue of every
 * schema in the database (PostgresIntrospector.getTables, which calls pg_get_serial_sequence on
 * each column). DDL in another schema at that moment — another test file's migrations, three at
 * once in CI — can fail that read with one of these codes (seen: "column "metric" of relation
 * "analytics_daily" does not exist", and "schema "t_a8b8249c1499" does not exist" while another
 * file dropped its schema). Nothing has been migrated then, so it is read again.
 */
async function migrate(db: Db, run: (m: Migrator) => Promise<MigrationResultSet>): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    const result = await run(migrator(db));
    const code = (result.error as { code?: unknown } | undefined)?.code;
    const nothingRan = (result.results ?? []).every((r) => r.status === 'NotExecuted');
    if (
      attempt < CATALOGUE_RACE_TRIES &&
      nothingRan &&
      typeof code === 'string' &&
      CATALOGUE_RACE_CODES.has(code)
    ) {
      continue;
    }
    return check(result);
  }
}

/** Applies every pending migration; returns what it did. Safe to run on many nodes at once (Kysely takes a lock). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return migrate(db, (m) => m.migrateToLatest());
}

/** Reverts every migration (tests and `down` checks only). */
export async function migrateAllDown(db: Db): Promise<string[]> {
  return migrate(db, (m) => m.migrateTo(NO_MIGRATIONS));
}
