import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TAdminFeedPollReply } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startFeedServer, type FeedServer } from '../../platform/feed-fetch/test-feed-server.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { rss } from './feed-fixtures.ts';
import { createFeedsRepo } from './feeds.repo.ts';

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
    // Both start polling at the same moment: each says ready after its (slow) start-up, then
    // both are told to go.
    const children = [1, 2].map(() =>
      spawn(TSX, [CHILD, target, schema], { stdio: ['pipe', 'pipe', 'inherit'] }),
    );
    const outputs = children.map((child) => {
      let text = '';
      const ready = new Promise<void>((resolve) =>
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('ready')) {
            resolve();
          }
        }),
      );
      const done = new Promise<string>((resolve, reject) =>
        child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`child exited ${code}`)))),
      );
      return { ready, done };
    });
    // A child left running by a failed assertion must not outlive the test.
    onTestFinished(() => children.forEach((child) => child.exitCode === null && child.kill()));
    await Promise.all(outputs.map((o) => o.ready));
    for (const child of children) {
      child.stdin.write('go\n');
    }
    const out = (await Promise.all(outputs.map((o) => o.done))).map(
      (text) =>
        JSON.parse(text.trim().split('\n').at(-1) ?? '{}') as {
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
    // Neither process failed a write because the other was writing (SQLite: busy snapshot).
    const errors = Object.values({ ...polled[0], ...polled[1] }).flatMap((r) => (r.error ? [r.error] : []));
    expect(errors).toEqual([]);

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
