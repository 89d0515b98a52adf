import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../test/testApp.ts';
import { createDatabase } from './database.ts';

describe.skipIf(!testDatabases().includes('postgres'))('a PostgreSQL connection that dies while idle', () => {
  it('is reported and replaced; the process keeps serving', async () => {
    const url = process.env.TEST_DATABASE_URL ?? '';
    const errors: Error[] = [];
    const db = createDatabase(
      { kind: 'postgres', url },
      { maxConnections: 1, onIdleError: (e) => errors.push(e) },
    );
    try {
      const pid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db.kysely)).rows[0]
        ?.pid;
      expect(pid).toBeGreaterThan(0);
      // What a database restart does to the pool's idle connection.
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await admin.end();
      await expect.poll(() => errors.length).toBe(1);
      // Without the pool's error listener the terminated connection's 'error' event would have
      // been unhandled and ended this process; instead the next query opens a new connection.
      const again = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db.kysely)).rows[0]
        ?.pid;
      expect(again).not.toBe(pid);
    } finally {
      await db.close();
    }
  });
});
