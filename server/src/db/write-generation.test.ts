import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { openTestDatabase, testDatabases, type TestDatabase } from '../test/testApp.ts';

const statsRow = (id: number) => ({
  content_type: 'report',
  content_id: id,
  views: 1,
  downloads: 0,
  favorites: 0,
  useful: 0,
  updated_at: 1,
});

describe.each(testDatabases())('write generation on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
    await migrateToLatest(t.db);
  });
  afterAll(() => t.drop());

  it('grows with statements that change rows, not with reads or writes that change nothing', async () => {
    const k = t.db.kysely;
    const start = t.db.generation.value;
    await k.selectFrom('menu_items').selectAll().execute();
    expect(t.db.generation.value).toBe(start);
    await k.insertInto('content_stats').values(statsRow(1)).execute();
    expect(t.db.generation.value).toBe(start + 1);
    await k.updateTable('content_stats').set({ views: 2 }).where('content_id', '=', 999).execute();
    expect(t.db.generation.value).toBe(start + 1);
    await k.deleteFrom('content_stats').where('content_id', '=', 1).execute();
    expect(t.db.generation.value).toBe(start + 2);
  });

  it('counts each table apart: a counter write leaves the generation of sessions alone', async () => {
    const k = t.db.kysely;
    const sessions = t.db.generation.of(['sessions', 'users']);
    const stats = t.db.generation.of(['content_stats']);
    const [s0, c0] = [sessions.value, stats.value];
    await k.insertInto('content_stats').values(statsRow(2)).execute();
    await k.updateTable('content_stats as s').set({ views: 5 }).where('s.content_id', '=', 2).execute();
    expect(sessions.value).toBe(s0);
    expect(stats.value).toBe(c0 + 2);
    // A write the plugin cannot name (raw SQL) may have touched anything: every table counts it.
    await sql`UPDATE content_stats SET views = 6 WHERE content_id = 2`.execute(k);
    expect(sessions.value).toBe(s0 + 1);
    expect(stats.value).toBe(c0 + 3);
    // A write with RETURNING counts the rows it returns (SQLite gives no count for it).
    await k
      .updateTable('content_stats')
      .set({ views: 7 })
      .where('content_id', '=', 2)
      .returning('views')
      .execute();
    expect(stats.value).toBe(c0 + 4);
    await k.deleteFrom('content_stats').where('content_id', '=', 999).returning('views').execute();
    expect(stats.value).toBe(c0 + 4);
    // Writers outside Kysely name their table.
    t.db.generation.bump('sessions');
    expect(sessions.value).toBe(s0 + 2);
    expect(stats.value).toBe(c0 + 4);
  });

  it('gives content caches every table but the ones named as unable to change them', async () => {
    const content = t.db.generation.except(['content_stats', 'sessions']);
    const before = content.value;
    await t.db.kysely.insertInto('content_stats').values(statsRow(4)).execute();
    t.db.generation.bump('sessions');
    expect(content.value).toBe(before);
    await t.db.kysely.updateTable('menu_items').set({ sort_order: 1 }).where('id', '=', -1).execute();
    expect(content.value).toBe(before);
    t.db.generation.bump('reports');
    expect(content.value).toBe(before + 1);
  });
});

describe('write generation across SQLite connections', () => {
  it('grows when another connection (a second worker, an import) commits', async () => {
    const t = await openTestDatabase('sqlite');
    try {
      await migrateToLatest(t.db);
      const file = t.db.sqlite?.name ?? '';
      const other = createDatabase({ kind: 'sqlite', file });
      try {
        const start = t.db.generation.value;
        await other.kysely.selectFrom('menu_items').selectAll().execute();
        t.db.generation.requestArrived();
        expect(t.db.generation.value).toBe(start);
        await other.kysely.insertInto('content_stats').values(statsRow(7)).execute();
        // Within one request and turn the first reading holds; the next request sees the write.
        expect(t.db.generation.value).toBe(start);
        t.db.generation.requestArrived();
        const afterRequest = t.db.generation.value;
        expect(afterRequest).toBeGreaterThan(start);
        // So does the next event-loop turn (timers, the digest scheduler).
        await other.kysely.insertInto('content_stats').values(statsRow(8)).execute();
        await new Promise((resolve) => setImmediate(resolve));
        expect(t.db.generation.value).toBeGreaterThan(afterRequest);
      } finally {
        await other.close();
      }
    } finally {
      await t.drop();
    }
  });
});
