import type { Database } from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { WordStampStore } from './word-stamps.ts';

/** The registry on the application's SQLite connection (one writer: ids follow commits). */
export function sqliteWordStampStore(db: Database): WordStampStore {
  const insert = db.prepare('INSERT INTO search_words (word) VALUES (?) ON CONFLICT DO NOTHING');
  const after = db.prepare('SELECT id, word FROM search_words WHERE id > ? ORDER BY id');
  const min = db.prepare('SELECT min(dict_id) FROM search_docs').pluck();
  const registerAll = db.transaction((words: readonly string[]) => {
    for (const word of words) {
      insert.run(word);
    }
  });
  return {
    register: async (words) => registerAll.immediate(words),
    wordsAfter: async (id) => after.all(id) as { id: number; word: string }[],
    minStamp: async () => (min.get() as number | null) ?? null,
  };
}

/**
 * The registry on PostgreSQL. Words are registered under the index's write lock, so an id is
 * taken only after every smaller one committed: a process that reads id n has seen every id
 * below it (word-stamps.ts relies on that). Stamps are read where searches read.
 */
export function pgWordStampStore<DB>(
  db: Kysely<DB>,
  reads: Kysely<DB>,
  writeLockKey: number,
): WordStampStore {
  return {
    async register(words) {
      await db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${writeLockKey})`.execute(trx);
        await sql`INSERT INTO search_words (word) SELECT unnest(${[...words]}::text[]) ON CONFLICT (word) DO NOTHING`.execute(
          trx,
        );
      });
    },
    async wordsAfter(id) {
      const { rows } = await sql<{ id: number; word: string }>`
        SELECT id::float8 AS id, word FROM search_words WHERE id > ${id} ORDER BY id`.execute(db);
      return rows;
    },
    async minStamp() {
      const { rows } = await sql<{
        min: number | null;
      }>`SELECT min(dict_id)::float8 AS min FROM search_docs`.execute(reads);
      return rows[0]?.min ?? null;
    },
  };
}
