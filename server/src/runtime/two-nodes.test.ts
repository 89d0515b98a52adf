import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_INDEXES } from '@portal/contract';
import { buildApp, type App } from '../app.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { installWriteTriggers, listenForWrites, type WriteListener } from '../db/write-notify.ts';
import { openSearchIndex } from '../modules/search/open-search-index.ts';
import { login } from '../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../test/testApp.ts';

/**
 * Two portal nodes on one PostgreSQL database, each with its own pool and read caches (as two
 * processes behind a load balancer): what one node writes, the other stops serving from memory
 * as soon as the write's notification arrives — long before READ_CACHE_MS — and never before.
 */
describe.skipIf(!testDatabases().includes('postgres'))('two PostgreSQL nodes', () => {
  let a: TestApp;
  let dbB: Db;
  let b: App;
  let listener: WriteListener;
  let user: string;
  let admin: string;

  beforeAll(async () => {
    // A long cache life: only a notification can explain a fresh read on node B.
    a = await buildTestApp('postgres', { env: { READ_CACHE_MS: '60000' } });
    await installWriteTriggers(a.db);
    const url = process.env.TEST_DATABASE_URL ?? '';
    dbB = createDatabase({ kind: 'postgres', url }, { schema: a.db.schema!, maxConnections: 4 });
    listener = listenForWrites(dbB, url, { retryMs: 50 });
    await listener.ready;
    b = await buildApp({
      config: a.config,
      db: dbB,
      clock: a.clock,
      sms: a.sms,
      logger: false,
      storage: a.storage,
      search: openSearchIndex(dbB, { readers: 0 }),
    });
    await b.ready();
    user = (await login(a, '13800000001')).token;
    admin = (await login(a, '13800000002')).token;
  });
  afterAll(async () => {
    await b?.close();
    await listener?.close();
    await dbB?.close();
    await a?.close();
  });

  const on = (node: App, token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    node.inject({ method, url, headers: { token, source: '1' }, ...(payload ? { payload } : {}) });

  /** Polls `check` on node B until it holds; fails after 2 s (a lost notification, not a speed bound). */
  async function seenOnB(check: () => Promise<boolean>): Promise<void> {
    const until = Date.now() + 2000;
    while (!(await check())) {
      if (Date.now() > until) {
        throw new Error('node B still serves what node A changed');
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  const search = async (node: App, keyword: string) =>
    (await on(node, user, 'POST', '/api/search', { tn: 'business', keyword, page: 1, page_size: 10 })).json<{
      data: { data: { _id: string; favorite_status?: number }[] };
    }>().data.data;

  it('a favourite made on A is marked on B', async () => {
    const [id] = await a.content.addHeadlines([
      {
        title: '双节点收藏：储能电站并网',
        description: '双节点收藏',
        content: '<p>双节点收藏 储能电站</p>',
        published_at: a.clock.now().getTime() - 60_000,
      },
    ]);
    expect((await search(b, '双节点收藏'))[0]?.favorite_status ?? 0).toBe(0);
    const added = await on(a.app, user, 'POST', '/api/user/favorite', {
      data_id: String(id),
      data_type: CONTENT_INDEXES.business,
      status: 1,
    });
    expect(added.json().code).toBe(0);
    await seenOnB(async () => (await search(b, '双节点收藏'))[0]?.favorite_status === 1);
  });

  it('an unpublish on A takes the item out of B’s cached search page', async () => {
    const [id] = await a.content.addHeadlines([
      {
        title: '双节点下线：氢能重卡示范',
        description: '双节点下线',
        content: '<p>双节点下线 氢能重卡</p>',
        published_at: a.clock.now().getTime() - 60_000,
      },
    ]);
    expect((await search(b, '双节点下线')).map((h) => h._id)).toContain(String(id));
    const res = await on(a.app, admin, 'POST', `/api/admin/content/headline/${id}/unpublish`);
    expect(res.statusCode).toBe(200);
    await seenOnB(async () => !(await search(b, '双节点下线')).some((h) => h._id === String(id)));
  });

  it('a logout on A is refused on B, whose session cache held the token', async () => {
    const token = (await login(a, '13800000003')).token;
    const info = () => on(b, token, 'GET', '/api/user/set/get_user_info');
    expect((await info()).statusCode).toBe(200);
    expect((await on(a.app, token, 'POST', '/api/logout')).statusCode).toBe(200);
    await seenOnB(async () => (await info()).statusCode === 401);
  });
});
