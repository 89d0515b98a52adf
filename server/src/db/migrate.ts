import { Migrator, NO_MIGRATIONS, type MigrationResultSet } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';
import { schemaIntrospector, withIntrospector } from './schema-introspector.ts';

function migrator(db: Db): Migrator {
  return new Migrator({
    // On PostgreSQL the migrator looks for its tables in the app's schema only (schema-introspector.ts).
    db:
      db.dialect === 'postgres'
        ? withIntrospector(db.kysely, schemaIntrospector(db.kysely, db.schema))
        : db.kysely,
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

async function migrate(db: Db, run: (m: Migrator) => Promise<MigrationResultSet>): Promise<string[]> {
  return check(await run(migrator(db)));
}

/** Applies every pending migration; returns what it did. Safe to run on many nodes at once (Kysely takes a lock). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return migrate(db, (m) => m.migrateToLatest());
}

/** Reverts every migration (tests and `down` checks only). */
export async function migrateAllDown(db: Db): Promise<string[]> {
  return migrate(db, (m) => m.migrateTo(NO_MIGRATIONS));
}
