import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { installWriteTriggers, listenForWrites, type WriteListener } from './write-notify.ts';
import { openTestDatabase, testDatabases, type TestDatabase } from '../test/testApp.ts';
import type { Generation } from './write-generation.ts';

const statsRow = (id: number) => ({
  content_type: 'report',
  content_id: id,
  views: 1,
  downloads: 0,
  favorites: 0,
  useful: 0,
  updated_at: 1,
});

/** Resolves when `g` has moved past `from`; fails after `ms` (a bound for a lost notification, not a speed claim). */
async function movedPast(g: Generation, from: number, ms = 2000): Promise<void> {
  const until = Date.now() + ms;
  while (g.value === from) {
    if (Date.now() > until) {
      throw new Error(`generation still ${from} after ${ms} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.skipIf(!testDatabases().includes('postgres'))('writes heard across PostgreSQL nodes', () => {
  const url = process.env.TEST_DATABASE_URL ?? '';
  let t: TestDatabase;
  let other: Db;
  let listener: WriteListener;

  beforeAll(async () => {
    t = await openTestDatabase('postgres');
    await migrateToLatest(t.db);
    await installWriteTriggers(t.db);
    // A second node: its own pool on the same schema, listening.
    other = createDatabase({ kind: 'postgres', url }, { schema: t.db.schema!, maxConnections: 2 });
    listener = listenForWrites(other, url, { retryMs: 50 });
    await listener.ready;
  });
  afterAll(async () => {
    await listener?.close();
    await other?.close();
    await t?.drop();
  });

  it("hears a table's committed write on the other node, and only that table's", async () => {
    const stats = other.generation.of(['content_stats']);
    const sessions = other.generation.of(['sessions']);
    const [s0, c0] = [sessions.value, stats.value];
    await t.db.kysely.insertInto('content_stats').values(statsRow(1)).execute();
    await movedPast(stats, c0);
    expect(sessions.value).toBe(s0);
  });

  it('hears nothing before the transaction commits', async () => {
    const stats = other.generation.of(['content_stats']);
    const before = stats.value;
    let inside = 0;
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.insertInto('content_stats').values(statsRow(2)).execute();
      await new Promise((resolve) => setTimeout(resolve, 150));
      inside = stats.value;
    });
    expect(inside).toBe(before);
    await movedPast(stats, before);
  });

  it('installs the trigger once however often the portal starts', async () => {
    await installWriteTriggers(t.db);
    const stats = other.generation.of(['content_stats']);
    const before = stats.value;
    await t.db.kysely.updateTable('content_stats').set({ views: 9 }).execute();
    await movedPast(stats, before);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // One statement, one trigger, one notification.
    expect(stats.value).toBe(before + 1);
  });

  it('trusts no cached read while deaf, and hears again once reconnected', async () => {
    const stats = other.generation.of(['content_stats']);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN "portal_writes_${t.db.schema}"'`,
      );
    } finally {
      await admin.end();
    }
    // Deaf: the generation keeps moving by itself, so every cache lookup misses.
    const deaf = stats.value;
    await movedPast(stats, deaf);
    // Back: quiet again until a write is heard.
    const until = Date.now() + 5000;
    let quiet = false;
    while (!quiet && Date.now() < until) {
      const v = stats.value;
      await new Promise((resolve) => setTimeout(resolve, 120));
      quiet = stats.value === v;
    }
    expect(quiet).toBe(true);
    const heard = stats.value;
    await t.db.kysely.insertInto('content_stats').values(statsRow(3)).execute();
    await movedPast(stats, heard);
  });
});
