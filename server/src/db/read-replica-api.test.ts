import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { openSearchIndex } from '../modules/search/open-search-index.ts';
import { login } from '../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../test/testApp.ts';
import { createDatabase, type Db } from './database.ts';
import { proxyTo } from './tcp-proxy.fixture.ts';
import { installWriteTriggers, listenForWrites, type WriteListener } from './write-notify.ts';

/**
 * The API on a node with DATABASE_READ_URL (PostgreSQL): node A writes on the primary; node B
 * reads searches and lists through a "standby" (the test server behind a proxy this test can
 * cut, so what passed through it tells who answered). Node B answers searches from the standby,
 * shows A's writes as soon as it hears of them and its own at once, and keeps answering while
 * the standby is gone.
 */
describe.skipIf(!testDatabases().includes('postgres'))('searches through a read replica', () => {
  const url = new URL(process.env.TEST_DATABASE_URL || 'postgres://x@127.0.0.1:5432/x');
  const proxy = proxyTo(url.hostname, Number(url.port || 5432));
  let a: TestApp;
  let dbB: Db;
  let b: App;
  let listener: WriteListener;
  let user: string;
  let admin: string;

  beforeAll(async () => {
    a = await buildTestApp('postgres', { env: { READ_CACHE_MS: '60000' } });
    await installWriteTriggers(a.db);
    await proxy.start();
    const readUrl = new URL(url);
    readUrl.host = `127.0.0.1:${proxy.port}`;
    // Health checks rarely (10 s): the proxy then carries only what node B reads through it.
    dbB = createDatabase(
      { kind: 'postgres', url: url.href, readUrl: readUrl.href },
      { schema: a.db.schema!, maxConnections: 4, replicaTiming: { healthMs: 10_000 } },
    );
    listener = listenForWrites(dbB, url.href, { retryMs: 50 });
    await listener.ready;
    b = await buildApp({
      config: a.config,
      db: dbB,
      clock: a.clock,
      sms: a.sms,
      logger: false,
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
    await proxy.stop().catch(() => {});
    await a?.close();
  });

  const search = async (keyword: string) => {
    const res = await b.inject({
      method: 'POST',
      url: '/api/search',
      headers: { token: user, source: '1' },
      payload: { tn: 'business', keyword, page: 1, page_size: 10 },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: { data: { _id: string }[] } }>().data.data.map((h) => h._id);
  };
  const settled = async () => {
    for (let i = 0; i < 300 && dbB.replica?.usable !== true; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(dbB.replica?.usable).toBe(true);
  };
  const add = async (title: string) =>
    String(
      (
        await a.content.addHeadlines([
          {
            title,
            description: title,
            content: `<p>${title}</p>`,
            published_at: a.clock.now().getTime() - 60_000,
          },
        ])
      )[0],
    );

  it('answers a search from the standby once it has every write', async () => {
    const id = await add('只读副本检索：海上风电');
    // Node B heard the write: the primary answers until the standby has it.
    for (let i = 0; i < 100 && !(await search('海上风电')).includes(id); i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await settled();
    const before = proxy.bytes;
    expect(await search('只读副本检索')).toContain(id);
    expect(proxy.bytes).toBeGreaterThan(before);
  });

  it("shows node A's new headline on node B's next search after the notification, never a stale page", async () => {
    expect(await search('氢能船舶')).toEqual([]);
    const id = await add('只读副本新闻：氢能船舶');
    for (let i = 0; i < 200 && !(await search('氢能船舶')).includes(id); i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await search('氢能船舶')).toContain(id);
  });

  it("takes a headline node B's admin unpublished out of node B's next search at once", async () => {
    const id = await add('只读副本下线：钠离子电池');
    for (let i = 0; i < 200 && !(await search('钠离子电池')).includes(id); i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await settled();
    expect(await search('钠离子电池')).toContain(id);
    const res = await b.inject({
      method: 'POST',
      url: `/api/admin/content/headline/${id}/unpublish`,
      headers: { token: admin, source: '1' },
    });
    expect(res.statusCode).toBe(200);
    // No wait: this node's own write.
    expect(await search('钠离子电池')).not.toContain(id);
  });

  it('keeps answering searches while the standby is gone', async () => {
    const id = await add('只读副本停机：固态电池');
    await settled();
    await proxy.stop();
    expect(await search('固态电池')).toContain(id);
    expect(dbB.replica?.down).toBe(true);
    await proxy.start();
  });
});
