import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createDatabase, type Db } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import { createContentIndexer } from '../../server/src/modules/admin-content/content-indexer.ts';
import { createAuditLog } from '../../server/src/modules/audit/audit.service.ts';
import { createContentService } from '../../server/src/modules/content/content.service.ts';
import { rss, type FixtureItem } from '../../server/src/modules/feeds/feed-fixtures.ts';
import { createFeedsRepo } from '../../server/src/modules/feeds/feeds.repo.ts';
import { createFeedsService } from '../../server/src/modules/feeds/feeds.service.ts';
import { simhash } from '../../server/src/modules/headline-clusters/simhash.ts';
import { openSearchIndex } from '../../server/src/modules/search/open-search-index.ts';
import { serve, startFeedServer } from '../../server/src/platform/feed-fetch/test-feed-server.ts';
import { systemClock } from '../../server/src/platform/clock.ts';
import { LocalStorage } from '../../server/src/platform/storage/local-storage.ts';
import { indexTokens } from '../../server/src/search/segmenter.ts';
import { startLoopProbe, type LoopReport } from './loop-probe.ts';
import { printDemoClusters, printThresholdTable } from './threshold.ts';

/**
 * npm run bench:feeds [-- --items 1000] [--sources 100] [--per-source 20] [--concurrency 4]
 *   [--latency 30] [--no-inline-baseline]
 *
 * 1. The near-duplicate threshold: precision and recall per threshold on the labelled pairs,
 *    and what the chosen one joins among the demo headlines.
 * 2. One local feed of `--items` items polled into a fresh SQLite database: time until the
 *    headlines are written and searchable, against a baseline in the same run — the same
 *    headlines written straight through ContentService.addHeadlines (no fetch, parse, checks
 *    or de-duplication) into another fresh database.
 * 3. `--sources` local feeds of `--per-source` items each (answering after `--latency` ms)
 *    polled `--concurrency` at a time, as the scheduler does, while perf_hooks'
 *    monitorEventLoopDelay records how long the event loop was held; the baseline is the same
 *    monitor over an idle stretch of the same length in the same run. Run twice: WAL
 *    checkpoints on their thread (the app), then — unless --no-inline-baseline — inside the
 *    committing call as SQLite does by default (before), each into a fresh database.
 */
const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '1000' },
    sources: { type: 'string', default: '100' },
    'per-source': { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '4' },
    latency: { type: 'string', default: '30' },
    // Also poll the sources with SQLite checkpointing inside commits, as before the thread.
    'inline-baseline': { type: 'boolean', default: true },
  },
});
const ITEMS = Number(values.items);
const SOURCES = Number(values.sources);
const PER_SOURCE = Number(values['per-source']);
const CONCURRENCY = Number(values.concurrency);
const LATENCY = Number(values.latency);

const COMPANIES = [
  '宁德时代',
  '比亚迪',
  '瑞幸咖啡',
  '泡泡玛特',
  '蜜雪冰城',
  '安克创新',
  '小米集团',
  '理想汽车',
];
const EVENTS = [
  '发布新一代产品',
  '完成新一轮融资',
  '公布季度业绩',
  '宣布海外建厂',
  '签署战略合作',
  '启动回购计划',
];
const SECTORS = ['动力电池', '新能源汽车', '咖啡茶饮', '潮玩', '跨境电商', '消费电子'];

/** The n-th item: its own company, event and figures, so no two tell the same story. */
function item(prefix: string, n: number, now: number): FixtureItem {
  const co = COMPANIES[n % COMPANIES.length] ?? '';
  const ev = EVENTS[Math.floor(n / COMPANIES.length) % EVENTS.length] ?? '';
  const sector = SECTORS[n % SECTORS.length] ?? '';
  const body =
    `<p>${co}今日${ev}，涉及金额${n + 11}亿元，${sector}行业人士认为此举将影响市场格局。</p>`.repeat(8);
  return {
    guid: `${prefix}-${n}`,
    link: `http://news.example.com/${prefix}/${n}`,
    title: `${co}${ev}，${sector}业务规模达${n + 11}亿元（编号${prefix}${n}）`,
    summary: `${co}${ev}，${sector}业务规模达到${n + 11}亿元，同比增长${(n % 60) + 5}%。`,
    html: body,
    date: new Date(now - n * 60_000).toUTCString(),
  };
}

type Portal = {
  db: Db;
  dir: string;
  content: ReturnType<typeof createContentService>;
  close(): Promise<void>;
};

/** SQLite's default: a commit that takes the WAL past 1,000 pages checkpoints inside the call. */
const INLINE_CHECKPOINT_PAGES = 1000;

async function portal(options: { inlineCheckpoints?: boolean } = {}): Promise<Portal> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-feeds-'));
  const db = createDatabase(
    { kind: 'sqlite', file: join(dir, 'portal.db') },
    options.inlineCheckpoints ? { checkpoint: { startBytes: Number.POSITIVE_INFINITY } } : {},
  );
  if (options.inlineCheckpoints) {
    db.sqlite?.pragma(`wal_autocheckpoint = ${INLINE_CHECKPOINT_PAGES}`);
  }
  await migrateToLatest(db);
  const search = openSearchIndex(db, { readers: 0 });
  const content = createContentService({
    db,
    storage: new LocalStorage(join(dir, 'files')),
    search,
    clock: systemClock,
  });
  return {
    db,
    dir,
    content,
    async close() {
      await search.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function feedsOf(p: Portal, search: ReturnType<typeof openSearchIndex>) {
  return createFeedsService({
    repo: createFeedsRepo(p.db),
    content: p.content,
    indexer: createContentIndexer({ db: p.db, search, clock: systemClock }),
    clock: systemClock,
    audit: createAuditLog(p.db, systemClock),
    allowHosts: ['127.0.0.1'],
    timeZone: 'Asia/Shanghai',
  });
}

const addSource = (p: Portal, url: string, name: string) =>
  createFeedsRepo(p.db).insert(
    {
      url,
      name,
      category: '',
      enabled: 1,
      schedule: 'every_n_minutes',
      interval_minutes: 60,
      next_poll_at: 0,
    },
    Date.now(),
  );

/** The loop probe's split of the stalls: our own CPU work against time spent waiting for a CPU. */
function printGaps(label: string, r: LoopReport) {
  if (!r.schedstat) {
    console.log(`  ${label}: no /proc/thread-self/schedstat, CPU split not measured`);
    return;
  }
  const q = (x: LoopReport['cpu']) => `max ${x.max.toFixed(1)}, p99 ${x.p99.toFixed(1)} ms`;
  console.log(
    `  loop turns ${label} (${r.gaps}): wall ${q(r.wall)}; main thread on a CPU ${q(r.cpu)}; waiting for a CPU ${q(r.waited)}; blocked in a call (disk) ${q(r.blocked)}`,
  );
}

/** The WAL's largest size while `run` ran, sampled every 20 ms. */
async function watchingWal<T>(db: Db, run: () => Promise<T>): Promise<[T, number]> {
  const wal = `${db.sqlite?.name ?? ''}-wal`;
  let largest = 0;
  const sample = () => (largest = Math.max(largest, statSync(wal, { throwIfNoEntry: false })?.size ?? 0));
  const timer = setInterval(sample, 20);
  try {
    const result = await run();
    sample();
    return [result, largest];
  } finally {
    clearInterval(timer);
  }
}

function printCheckpoints(db: Db, walBytes: number, inline = false) {
  const mib = `${(walBytes / 1024 / 1024).toFixed(1)} MiB`;
  const stats = db.checkpoints?.stats;
  if (inline || !stats) {
    console.log(`  WAL checkpoints: inside commits (SQLite's default); WAL largest ${mib}`);
    return;
  }
  console.log(
    `  WAL checkpoints on their thread (${db.checkpoints?.running ? 'started' : 'not started: WAL under 4 MiB'}): ${stats.checkpoints} (forced restarts ${stats.restarts}, truncates ${stats.truncates}), longest ${stats.maxMs.toFixed(1)} ms, total ${stats.totalMs.toFixed(0)} ms; WAL largest ${mib}`,
  );
}

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const msOf = (ns: number) => `${(ns / 1e6).toFixed(1)} ms`;

/** Scenario 3: SOURCES sources, CONCURRENCY at a time, into a fresh database. */
async function pollMany(
  server: Awaited<ReturnType<typeof startFeedServer>>,
  now: number,
  inlineCheckpoints: boolean,
) {
  const many = await portal({ inlineCheckpoints });
  const manySearch = openSearchIndex(many.db, { readers: 0 });
  const manyFeeds = feedsOf(many, manySearch);
  // Warm-up: one source polled first, so lazily loaded code is loaded before measuring.
  const warm = await addSource(many, `${server.base}/s/warm`, '预热源');
  server.routes['/s/warm'] = serve(rss([item('warm', 0, now)]));
  await manyFeeds.pollDue(1, 1);
  if ((await createFeedsRepo(many.db).byId(warm))?.last_status !== 'ok') {
    throw new Error('the warm-up poll failed');
  }
  for (let s = 0; s < SOURCES; s++) {
    const body = rss(Array.from({ length: PER_SOURCE }, (_, n) => item(`s${s}x`, s * PER_SOURCE + n, now)));
    server.routes[`/s/${s}`] = (_req, res) =>
      void setTimeout(() => res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(body), LATENCY);
    await addSource(many, `${server.base}/s/${s}`, `来源${s}`);
  }
  const busy = monitorEventLoopDelay({ resolution: 1 });
  busy.enable();
  const busyProbe = startLoopProbe();
  const manyStarted = performance.now();
  const [results, manyWal] = await watchingWal(many.db, () => manyFeeds.pollDue(CONCURRENCY, SOURCES));
  const manyMs = performance.now() - manyStarted;
  const busyGaps = busyProbe.stop();
  busy.disable();
  const idle = monitorEventLoopDelay({ resolution: 1 });
  idle.enable();
  const idleProbe = startLoopProbe();
  await new Promise((r) => setTimeout(r, Math.min(manyMs, 5000)));
  const idleGaps = idleProbe.stop();
  idle.disable();
  const added = [...results.values()].reduce((sum, r) => sum + r.added, 0);
  const errors = [...results.values()].filter((r) => r.error !== undefined).length;
  console.log(
    `\n${SOURCES} sources × ${PER_SOURCE} items, ${CONCURRENCY} at a time, each answering after ${LATENCY} ms; checkpoints ${inlineCheckpoints ? 'inside commits (before)' : 'on their thread'}`,
  );
  console.log(
    `  polled ${results.size} sources, ${added} headlines added, ${errors} errors, in ${secs(manyMs)}`,
  );
  console.log(
    `  event-loop delay while polling: max ${msOf(busy.max)}, p99 ${msOf(busy.percentile(99))}, mean ${msOf(busy.mean)}`,
  );
  console.log(
    `  baseline (idle, same run):      max ${msOf(idle.max)}, p99 ${msOf(idle.percentile(99))}, mean ${msOf(idle.mean)}`,
  );
  console.log(`  ratio of max delays             ${(busy.max / idle.max).toFixed(1)}`);
  printGaps('while polling', busyGaps);
  printGaps('idle, same run', idleGaps);
  printCheckpoints(many.db, manyWal, inlineCheckpoints);
  console.log(
    `  load average (1 min) at the end ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`,
  );
  await manyFeeds.close();
  await manySearch.close();
  await many.close();
}

async function main() {
  printThresholdTable();
  printDemoClusters();

  // Both paths segment with jieba and hash with the IDF table: load both before timing.
  indexTokens('预热');
  simhash('预热', '');

  const server = await startFeedServer();
  const now = Date.now();
  try {
    // 2. One feed of ITEMS items.
    const items = Array.from({ length: ITEMS }, (_, n) => item('big', n, now));
    server.routes['/big'] = serve(rss(items));

    const base = await portal();
    const baseStarted = performance.now();
    await base.content.addHeadlines(
      items.map((i) => ({
        title: i.title,
        description: i.summary ?? '',
        content: i.html ?? '',
        source_name: '基准',
        source_url: i.link ?? '',
        published_at: Date.parse(i.date ?? ''),
        status: 'published',
      })),
    );
    const baseMs = performance.now() - baseStarted;
    await base.close();

    const p = await portal();
    const search = openSearchIndex(p.db, { readers: 0 });
    const feeds = feedsOf(p, search);
    // Warm-up: a one-item source polled first, so the parser thread has started and loaded
    // jieba (the baseline's segmenter was loaded above) before timing.
    server.routes['/big-warm'] = serve(rss([item('big-warm', 0, now)]));
    await addSource(p, `${server.base}/big-warm`, '预热源');
    await feeds.pollDue(1, 1);
    const id = await addSource(p, `${server.base}/big`, '千条源');
    const started = performance.now();
    const [result, bigWal] = await watchingWal(p.db, () => feeds.pollDue(1, 1));
    const polled = performance.now() - started;
    const last = items[ITEMS - 1] as FixtureItem;
    const found = await search.search({
      keyword: last.title,
      types: ['business'],
      sort: 'relevance',
      page: 1,
      pageSize: 10,
    });
    const listed = await search.search({
      keyword: '',
      types: ['business'],
      sort: 'new',
      page: 1,
      pageSize: 10,
    });
    const searchable = performance.now() - started;
    console.log(`\nOne feed of ${ITEMS} items (SQLite, ${new Date().toISOString().slice(0, 10)})`);
    console.log(`  poll result              ${JSON.stringify(result.get(id))}`);
    console.log(`  polled, written, indexed ${secs(polled)}`);
    const oldest = found.hits.some((h) => h.highlight?.title.replace(/<\/?em>/g, '') === last.title);
    console.log(
      `  … and found by search    ${secs(searchable)} (oldest item ${oldest ? 'found' : 'NOT FOUND'}; ${listed.total} headlines listed)`,
    );
    console.log(`  baseline addHeadlines    ${secs(baseMs)} (same rows, no fetch/parse/checks)`);
    console.log(`  ratio poll / baseline    ${(polled / baseMs).toFixed(2)}`);
    printCheckpoints(p.db, bigWal);
    await feeds.close();
    await search.close();
    await p.close();

    // 3. SOURCES sources polled CONCURRENCY at a time.
    await pollMany(server, now, false);
    if (values['inline-baseline']) {
      await pollMany(server, now, true);
    }
  } finally {
    await server.close();
  }
}

await main();
