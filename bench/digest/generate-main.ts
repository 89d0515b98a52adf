import { createDatabase } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import { generate } from './generate.ts';

/**
 * Child process of the bench: migrates and fills the database, then reports over IPC, so the
 * measured process starts without the generator's memory in its RSS.
 * argv: <sqlite file | "pg"> <subscribers> <headlines> <now>; PostgreSQL reads BENCH_PG_URL / BENCH_PG_SCHEMA.
 */
const [target, subscribers, headlines, now] = process.argv.slice(2);
const db =
  target === 'pg'
    ? createDatabase(
        { kind: 'postgres', url: process.env.BENCH_PG_URL as string },
        { schema: process.env.BENCH_PG_SCHEMA as string, maxConnections: 2 },
      )
    : createDatabase({ kind: 'sqlite', file: target as string });
await migrateToLatest(db);
const result = await generate(db, {
  subscribers: Number(subscribers),
  headlines: Number(headlines),
  now: Number(now),
});
await db.close();
process.send?.(result);
process.disconnect?.();
