import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, startFeedServer, type FeedServer } from '../../platform/feed-fetch/test-feed-server.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { createContentIndexer } from '../admin-content/content-indexer.ts';
import { createAuditLog } from '../audit/audit.service.ts';
import { rss } from './feed-fixtures.ts';
import type { FeedParsePoolOptions } from './feed-parse-pool.ts';
import { createFeedsRepo } from './feeds.repo.ts';
import { createFeedsService } from './feeds.service.ts';

/**
 * Feeds are parsed in worker threads (feed-parse-pool.ts). A feed whose parsing overruns the
 * time-out, or kills its thread, is that source's error; the thread is replaced and the other
 * sources polled in the same round are read as usual. The threads here run
 * parser-faults.fixture.ts: the real parser, except that it stalls on /stall and dies on /die.
 */
describe.each(testDatabases())('feed parser threads on %s', (kind) => {
  let t: TestApp;
  let s: FeedServer;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { FEED_ALLOW_HOSTS: '127.0.0.1' } });
    s = await startFeedServer();
    s.routes['/stall'] = serve(rss([{ guid: 'stall-1', title: '让解析线程卡住的头条' }]));
    s.routes['/die'] = serve(rss([{ guid: 'die-1', title: '让解析线程崩溃的头条' }]));
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await t?.close();
  });

  const repo = () => createFeedsRepo(t.db);
  const service = (parser: FeedParsePoolOptions) =>
    createFeedsService({
      repo: repo(),
      content: t.content,
      indexer: createContentIndexer({ db: t.db, search: t.search, clock: t.clock }),
      clock: t.clock,
      audit: createAuditLog(t.db, t.clock),
      allowHosts: ['127.0.0.1'],
      timeZone: 'Asia/Shanghai',
      parser: { size: 1, workerUrl: new URL('./parser-faults.fixture.ts', import.meta.url), ...parser },
    });
  const addSource = (path: string, name: string) =>
    repo().insert(
      {
        url: `${s.base}${path}`,
        name,
        category: '',
        enabled: 1,
        schedule: 'every_n_minutes',
        interval_minutes: 5,
        next_poll_at: 0,
      },
      t.clock.now().getTime(),
    );
  const count = async (source: string) =>
    (await t.db.kysely.selectFrom('headlines').select('id').where('source_name', '=', source).execute())
      .length;

  /** The faulty source between two good ones, polled one after another through one parser thread. */
  async function pollRound(path: string, tag: string, faulty: string, parser: FeedParsePoolOptions = {}) {
    s.routes[`/${path}-before`] = serve(rss([{ guid: `${path}-before`, title: `${tag}之前的头条` }]));
    s.routes[`/${path}-after`] = serve(rss([{ guid: `${path}-after`, title: `${tag}之后的头条` }]));
    const before = await addSource(`/${path}-before`, `${tag}前源`);
    const bad = await addSource(faulty, `${tag}坏源`);
    const after = await addSource(`/${path}-after`, `${tag}后源`);
    const feeds = service(parser);
    try {
      return { results: await feeds.pollDue(1, 100), before, bad, after };
    } finally {
      await feeds.close();
      for (const id of [before, bad, after]) {
        await repo().remove(id);
      }
    }
  }

  it('fails a feed that overruns the parse time-out as 解析超时, and reads the next one', async () => {
    const { results, before, bad, after } = await pollRound('timeout', '超时', '/stall', {
      jobTimeoutMs: 2000,
    });
    expect(results.get(before)).toEqual({ added: 1, updated: 0, skipped: 0 });
    expect(results.get(bad)).toEqual({ added: 0, updated: 0, skipped: 0, error: '解析超时' });
    expect(results.get(after)).toEqual({ added: 1, updated: 0, skipped: 0 });
    expect(await count('超时坏源')).toBe(0);
    expect(await count('超时后源')).toBe(1);
  }, 60_000); // two parser threads start (each loads jieba), one after a 2 s time-out

  it('fails a feed that kills its parser thread as 解析失败, and reads the next one', async () => {
    const { results, before, bad, after } = await pollRound('crash', '崩溃', '/die');
    expect(results.get(before)).toEqual({ added: 1, updated: 0, skipped: 0 });
    expect(results.get(bad)).toEqual({ added: 0, updated: 0, skipped: 0, error: '解析失败' });
    expect(results.get(after)).toEqual({ added: 1, updated: 0, skipped: 0 });
    expect(await count('崩溃坏源')).toBe(0);
    expect(await count('崩溃后源')).toBe(1);
  }, 60_000);
});
