import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.ts';
import { seedDatabase } from '../../seed/index.ts';
import { ManualClock } from '../../test/manualClock.ts';
import { openTestDatabase, testDatabases, type TestDatabase } from '../../test/testApp.ts';
import { createActivityRecorder } from './activity-recorder.ts';

const DAY = '2026-11-22';

describe.each(testDatabases())('activity recorder, buffered (%s)', (kind) => {
  let t: TestDatabase;
  const clock = new ManualClock();
  let users: number[];

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    await migrateToLatest(t.db);
    await seedDatabase(t.db, { demo: true, clock });
    users = (await t.db.kysely.selectFrom('users').select('id').orderBy('id').execute()).map((u) => u.id);
  });
  afterAll(() => t.drop());

  const today = async () => {
    const rows = await t.db.kysely
      .selectFrom('analytics_daily')
      .select(['metric', 'content_type', 'count'])
      .where('day', '=', DAY)
      .orderBy('metric')
      .orderBy('content_type')
      .execute();
    const active = await t.db.kysely
      .selectFrom('user_days')
      .select('user_id')
      .where('day', '=', DAY)
      .execute();
    return { rows: rows.map((r) => ({ ...r, count: Number(r.count) })), active: active.length };
  };

  it('writes nothing on the request path, then the sums of two processes in one upsert each', async () => {
    // Two server processes: each sums in memory; the timer is far off, so only flush() writes.
    const a = createActivityRecorder({ db: t.db, clock, timeZone: 'Asia/Shanghai', flushMs: 60_000 });
    const b = createActivityRecorder({ db: t.db, clock, timeZone: 'Asia/Shanghai', flushMs: 60_000 });
    for (let i = 0; i < 50; i++) {
      await a.active(users[0] as number);
      await a.counted('report', 'views', 1);
      await b.counted('report', 'views', 1);
    }
    await a.login(users[1] as number);
    await b.active(users[0] as number);
    await b.searched('  新能源\u0000汽车 ', 0);
    await a.counted('material', 'favorites', -1);
    expect(await today()).toEqual({ rows: [], active: 0 });

    await a.flush();
    await b.close();
    expect(await today()).toEqual({
      rows: [
        { metric: 'login', content_type: 'phone', count: 1 },
        { metric: 'search', content_type: '', count: 1 },
        { metric: 'search_zero', content_type: '', count: 1 },
        { metric: 'view', content_type: 'report', count: 100 },
      ],
      // users[0] in both processes and users[1] by logging in: two rows.
      active: 2,
    });
    const queries = await t.db.kysely
      .selectFrom('analytics_queries')
      .selectAll()
      .where('day', '=', DAY)
      .execute();
    expect(queries.map((q) => [q.query, Number(q.count), Number(q.zero_count)])).toEqual([
      ['新能源 汽车', 1, 1],
    ]);

    // After midnight in Shanghai (16:00 UTC) the same user is active on a new day.
    clock.advance(14 * 3600);
    await a.active(users[0] as number);
    await a.close();
    const next = await t.db.kysely.selectFrom('user_days').select('day').where('day', '>', DAY).execute();
    expect(next).toEqual([{ day: '2026-11-23' }]);
  });
});
