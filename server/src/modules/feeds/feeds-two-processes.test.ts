import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TAdminFeedPollReply } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFeedServer, type FeedServer } from '../../platform/feed-fetch/test-feed-server.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { rss } from './feed-fixtures.ts';
import { createFeedsRepo } from './feeds.repo.ts';

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('./poll-child.fixture.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));
const SOURCES = 6;
const ITEMS = 5;

describe.each(testDatabases())('two OS processes polling the same sources on %s', (kind) => {
  let t: TestApp;
  let s: FeedServer;

  beforeAll(async () => {
    t = await buildTestApp(kind, { seed: false });
    s = await startFeedServer();
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await t?.close();
  });

  it('fetches each due source once and inserts each item once', async () => {
    const repo = createFeedsRepo(t.db);
    const paths: string[] = [];
    for (let n = 0; n < SOURCES; n++) {
      const path = `/two/${n}`;
      paths.push(path);
      const body = rss(
        Array.from({ length: ITEMS }, (_, i) => ({
          guid: `two-${n}-${i}`,
          title: `双进程测试第${n}源第${i}条，编号${n * 100 + i}`,
          link: `http://two.example.com/${n}/${i}`,
        })),
      );
      // Slow enough that both processes find the sources due while the other is polling.
      s.routes[path] = (_req, res) =>
        void setTimeout(() => res.writeHead(200, { 'content-type': 'text/xml' }).end(body), 300);
      await repo.insert(
        {
          url: `${s.base}${path}`,
          name: `双进程源${n}`,
          category: '',
          enabled: 1,
          schedule: 'every_n_minutes',
          interval_minutes: 30,
          next_poll_at: 0,
        },
        Date.now(),
      );
    }

    const target = kind === 'sqlite' ? (t.db.sqlite?.name ?? '') : (process.env.TEST_DATABASE_URL ?? '');
    const schema = t.db.schema ?? '-';
    // Both start polling at the same moment, after their (slow) start-up.
    const startAt = String(Date.now() + 10_000);
    const children = await Promise.all(
      [1, 2].map(() => run(TSX, [CHILD, target, schema, startAt], { timeout: 60_000 })),
    );
    const out = children.map(
      (c) =>
        JSON.parse(c.stdout.trim().split('\n').at(-1) ?? '{}') as {
          startedAt: number;
          results: Record<string, TAdminFeedPollReply>;
        },
    );
    // They really polled at once: both began before a source answered (300 ms).
    expect(Math.abs((out[0]?.startedAt ?? 0) - (out[1]?.startedAt ?? 0))).toBeLessThan(300);
    const polled = out.map((o) => o.results);

    // Each source was fetched once, by one of the two processes.
    for (const path of paths) {
      expect(s.hits(path), path).toBe(1);
    }
    const byBoth = Object.keys(polled[0] ?? {}).filter((id) => id in (polled[1] ?? {}));
    expect(byBoth).toEqual([]);
    expect(Object.keys({ ...polled[0], ...polled[1] })).toHaveLength(SOURCES);

    // Each item is one headline and one remembered item.
    const rows = await t.db.kysely
      .selectFrom('headlines')
      .select(['title'])
      .where('title', 'like', '双进程测试%')
      .execute();
    expect(rows).toHaveLength(SOURCES * ITEMS);
    expect(new Set(rows.map((r) => r.title)).size).toBe(SOURCES * ITEMS);
    const items = await t.db.kysely
      .selectFrom('feed_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('guid', 'like', 'two-%')
      .executeTakeFirstOrThrow();
    expect(Number(items.n)).toBe(SOURCES * ITEMS);
  }, 90_000);
});
