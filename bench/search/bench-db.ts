import type Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { rmSync } from 'node:fs';
import { openSqliteFile } from '../../server/src/db/database.ts';
import { createSearchSchema } from '../../server/src/search/search.schema.ts';

/** Deletes a SQLite database file and its WAL and shared-memory files. */
export function removeDbFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) {
    rmSync(file + suffix, { force: true });
  }
}

/**
 * A fresh SQLite database at `file` with the search tables (`schema`: today's, or another
 * checkout's), set up as the writer benches build on it: the app's page size and WAL, commits
 * without fsync, 256 MiB cache.
 */
export async function freshSearchDb(file: string, schema = createSearchSchema): Promise<Database.Database> {
  removeDbFiles(file);
  const { file: db } = openSqliteFile(file);
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -262144');
  await schema(new Kysely<unknown>({ dialect: new SqliteDialect({ database: db }) }), 'sqlite');
  return db;
}
