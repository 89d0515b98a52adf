import {
  ANALYTICS_MSG,
  CONTENT_INDEXES,
  ZAnalyticsOverview,
  type TAnalyticsOverview,
  type TFolderListReply,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

type Envelope<T = unknown> = { code: number; message: string; data: T };

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe.each(testDatabases())('analytics (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let headline: number;

  beforeAll(async () => {
    // The clock starts at 2026-11-22 10:00 in Shanghai.
    t = await buildTestApp(kind);
    const now = t.clock.now().getTime();
    [headline] = (await t.content.addHeadlines([
      {
        title: '固态电池中试线投产',
        content: '<p>固态电池中试线在常州投产。</p>',
        source_name: '界面新闻',
        published_at: now - HOUR,
      },
    ])) as [number];
  }, 120_000);
  afterAll(() => t.close());

  const call = async <T = unknown>(method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: { token }, payload });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const overview = async (query: string): Promise<TAnalyticsOverview> => {
    const res = await call('GET', `/api/admin/analytics/overview?${query}`, admin);
    expect(res.status).toBe(200);
    return ZAnalyticsOverview.parse(res.body.data);
  };
  /** Active days from the install's day on (the demo seed's history lies before it). */
  const userDays = () =>
    t.db.kysely
      .selectFrom('user_days')
      .select(['user_id', 'day'])
      .where('day', '>=', '2026-11-22')
      .orderBy('day')
      .orderBy('user_id')
      .execute();

  it('counts logins, active users once per user and day, searches, misses, views and favourites', async () => {
    // Day 1 (2026-11-22): the reader logs in twice, searches three times (one finds nothing),
    // reads the headline twice and favourites it; the admin logs in once.
    reader = (await login(t, '13800000001')).token;
    t.clock.advance(61); // past the code's resend interval
    reader = (await login(t, '13800000001')).token;
    admin = (await login(t, '13800000002')).token;
    for (const keyword of ['固态电池', '固态电池', '不存在的词汇组合']) {
      expect((await call('POST', '/api/search', reader, { tn: 'all', keyword })).status).toBe(200);
    }
    // A second page and a list without a keyword are not searches.
    await call('POST', '/api/search', reader, { tn: 'all', keyword: '固态电池', page: 2 });
    await call('POST', '/api/search', reader, { tn: 'all', keyword: '' });
    const item = { data_id: String(headline), data_type: CONTENT_INDEXES.business };
    for (let i = 0; i < 2; i++) {
      await call('POST', '/api/detail', reader, { detail_id: item.data_id, index: item.data_type });
    }
    const folders = await call<TFolderListReply>('POST', '/api/user/favorite/list', reader, item);
    const folder = folders.body.data.data.find((f) => f.is_default === 1);
    expect(folder).toBeDefined();
    const fav = { favorite_id: folder?.id, ...item };
    expect((await call('POST', '/api/user/favorite', reader, { ...fav, status: 1 })).body.code).toBe(0);
    // Taking it out again is not a favourite of the day, nor a negative one.
    expect((await call('POST', '/api/user/favorite', reader, { ...fav, status: 0 })).body.code).toBe(0);

    // Day 2: the reader is back (one more active day), nobody logs in.
    t.clock.advance(DAY / 1000);
    await call('POST', '/api/search', reader, { tn: 'all', keyword: '固态电池' });

    const ids = (await t.db.kysely.selectFrom('users').select(['id', 'phone']).execute()).reduce<
      Record<string, number>
    >((m, u) => ({ ...m, [u.phone]: u.id }), {});
    expect(await userDays()).toEqual(
      [
        { user_id: ids['13800000001'], day: '2026-11-22' },
        { user_id: ids['13800000002'], day: '2026-11-22' },
        { user_id: ids['13800000001'], day: '2026-11-23' },
      ].sort((a, b) => a.day.localeCompare(b.day) || (a.user_id ?? 0) - (b.user_id ?? 0)),
    );

    const o = await overview('from=2026-11-22&to=2026-11-23');
    // (The demo seed's made-up history ends the day before the install, 2026-11-21.)
    expect(o.days.map((d) => d.day)).toEqual(['2026-11-22', '2026-11-23']);
    expect(o.days[0]).toMatchObject({
      active_users: 2,
      logins: 3,
      // All three by phone code (sso.test.ts counts SSO and WeChat sign-ins).
      logins_phone: 3,
      logins_sso: 0,
      logins_wechat: 0,
      searches: 3,
      zero_searches: 1,
      views: 2,
      favorites: 1,
      downloads: 0,
    });
    // Day 2: the reader, and the admin asking for these figures.
    expect(o.days[1]).toMatchObject({ active_users: 2, logins: 0, searches: 1, zero_searches: 0 });
    // Over the range the active users are two people, not 2 + 1.
    expect(o.totals).toMatchObject({ active_users: 2, logins: 3, searches: 4, zero_searches: 1, views: 2 });
    expect(o.top_queries).toEqual([
      { query: '固态电池', count: 3 },
      { query: '不存在的词汇组合', count: 1 },
    ]);
    expect(o.top_zero_queries).toEqual([{ query: '不存在的词汇组合', count: 1 }]);
    expect(o.by_type.find((b) => b.type === 'headline')).toEqual({
      type: 'headline',
      views: 2,
      downloads: 0,
      favorites: 1,
    });
    expect(o.by_type.find((b) => b.type === 'report')).toMatchObject({ views: 0 });
    expect(o.opens_measured).toBe(false);

    // Another range sees only its own days.
    const day2 = await overview('from=2026-11-23&to=2026-11-23');
    expect(day2.totals).toMatchObject({ active_users: 2, logins: 0, searches: 1 });
    expect(day2.top_queries).toEqual([{ query: '固态电池', count: 1 }]);
  });

  it('refuses a range over 92 days, backwards or malformed with the contract message', async () => {
    for (const [query, message] of [
      ['from=2026-01-01&to=2026-06-30', ANALYTICS_MSG.tooLong],
      ['from=2026-11-23&to=2026-11-01', ANALYTICS_MSG.fromAfterTo],
      ['from=2026-02-30&to=2026-03-01', ANALYTICS_MSG.badDay],
      ['from=yesterday', ANALYTICS_MSG.badDay],
    ] as const) {
      const res = await call('GET', `/api/admin/analytics/overview?${query}`, admin);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBe(message);
    }
    // 92 days is allowed; the default is the last 30 days up to today.
    expect((await overview('from=2026-08-24&to=2026-11-23')).days).toHaveLength(92);
    const last = await overview('');
    expect(last.days).toHaveLength(30);
    expect(last.to).toBe('2026-11-23');
  });

  it('shows the demo install’s made-up history for the 30 days before it', async () => {
    const o = await overview('from=2026-10-23&to=2026-11-21');
    expect(o.days.every((d) => d.searches > 0 && d.views > 0)).toBe(true);
    expect(o.totals.active_users).toBeGreaterThan(0);
    expect(o.totals.zero_searches).toBeLessThan(o.totals.searches);
    expect(o.top_queries[0]?.query).toBe('新能源汽车');
    expect(o.top_zero_queries.length).toBeGreaterThan(0);
    expect(o.by_type.every((b) => b.views > 0)).toBe(true);
    // Nothing before the history.
    expect((await overview('from=2026-10-01&to=2026-10-22')).totals).toMatchObject({ searches: 0, views: 0 });
  });

  it('is for admins only', async () => {
    const res = await call('GET', '/api/admin/analytics/overview', reader);
    expect(res.status).toBe(403);
  });
});
