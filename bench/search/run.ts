import { mkdirSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  loadedUserWords,
  loadQueryWord,
  loadUserWords,
  queryTerms,
} from '../../server/src/search/segmenter.ts';
import { buildIndex } from './build-index.ts';
import { benchUserWords } from './corpus.ts';
import { openPgTarget } from './pg-target.ts';
import { categories, COMMON_WORDS, RARE_WORDS } from './queries.ts';
import { recallReport } from './recall.ts';
import { corpusRecall, corpusRecallTable, corpusTruth, type CorpusRecall } from './recall-corpus.ts';
import { openSqliteTarget } from './sqlite-target.ts';
import { bytes, ms, summarize, table } from './stats.ts';
import type { BenchTarget } from './target.ts';

/**
 * npm run bench:search -w bench -- [--n 1000000] [--pg [url]] [--no-sqlite] [--samples 200]
 *   [--naive-samples 3] [--seed 42] [--dir /tmp] [--keep] [--reuse] [--time-limit-min 180]
 *
 *   [--no-recall] [--recall-only] [--corpus-recall] [--recall-scan-every 10]
 *   [--no-query-words] [--restamp-word 新能源]
 *
 * The built-in dictionary words among the query words (消费者) are loaded before the build, as
 * the portal has them once readers searched them and the re-stamp pass ran (segmenter.ts
 * `loadQueryWord`); --no-query-words leaves them on their bigram phrase, as before that.
 * --restamp-word times one level of the re-stamp pass after the query rows: the word is loaded
 * and registered, and every document is either stamped or queued for writing again (the bench
 * has no content tables to write the queued ones from: their count is printed).
 *
 * --keep leaves the databases in place; --reuse then measures queries on them again
 * without rebuilding (the build line says so). A PostgreSQL index kept from before migration
 * 2026112902 gets its `search_terms` filled as the migration does (pg-target.ts).
 *
 * --corpus-recall adds the recall table on the generated corpus, per database (recall-corpus.ts),
 * its substring scan over every --recall-scan-every-th document; with --recall-only it runs on
 * the indexes a --keep run left (with --reuse) and skips the latency rows. --no-recall skips
 * the demo library's recall table.
 *
 * Builds each database's index from the same generated documents, then prints one table
 * per database: build rate, size, and p50/p95/p99 of each query category next to the
 * LIKE-scan baseline. Queries run one at a time after one warm-up pass over the set.
 */
const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '1000000' },
    pg: { type: 'boolean', default: false },
    'pg-url': { type: 'string' },
    'no-sqlite': { type: 'boolean', default: false },
    samples: { type: 'string', default: '200' },
    'naive-samples': { type: 'string', default: '3' },
    seed: { type: 'string', default: '42' },
    dir: { type: 'string', default: tmpdir() },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    'time-limit-min': { type: 'string', default: '180' },
    'no-recall': { type: 'boolean', default: false },
    'recall-only': { type: 'boolean', default: false },
    'corpus-recall': { type: 'boolean', default: false },
    'recall-scan-every': { type: 'string', default: '10' },
    'no-query-words': { type: 'boolean', default: false },
    'restamp-word': { type: 'string' },
  },
});
// A --dir that does not exist yet is made (it used to fail deep inside SQLite's open).
mkdirSync(values.dir, { recursive: true });
const n = Number(values.n);
const samples = Number(values.samples);
const naiveSamples = Number(values['naive-samples']);
const seed = Number(values.seed);

// The bench must end on its own even if a database hangs.
setTimeout(
  () => {
    console.error(`bench:search: time limit of ${values['time-limit-min']} min reached, exiting`);
    process.exit(2);
  },
  Number(values['time-limit-min']) * 60_000,
).unref();

loadUserWords(benchUserWords());
if (!values['no-query-words']) {
  for (const category of categories()) {
    for (const query of category.queries) {
      for (const term of [...queryTerms(query.keyword ?? ''), ...queryTerms(query.keyword ?? '', true)]) {
        loadQueryWord(term.word);
      }
    }
  }
}
const words = loadedUserWords();

async function measure(target: BenchTarget): Promise<string> {
  const out: string[] = [`## ${target.name} — ${n.toLocaleString('en')} documents`, ''];
  let lastReport = 0;
  if (values.reuse && (await target.index.count()) === n) {
    out.push(
      '- build: reused the index kept by an earlier run (`--keep`, then `--reuse`); build rate: see that run',
    );
  } else {
    const loadBefore = loadavg()[0] ?? 0;
    const build = await buildIndex(target.index, {
      n,
      seed,
      words,
      threads: Math.min(2, availableParallelism()),
      onProgress(done) {
        if (done - lastReport >= 100_000 || done === n) {
          lastReport = done;
          console.error(`  ${target.name}: ${done.toLocaleString('en')} documents indexed`);
        }
      },
    });
    const loadAfter = loadavg()[0] ?? 0;
    const maintenance = await target.afterBuild();
    const perDoc = (seconds: number) => `${Math.round((seconds / n) * 1e6)} µs/doc`;
    // What two idle cores would do: the writer thread alone, or all threads' CPU shared by two.
    const cpuBound = n / Math.max(build.writerCpuSeconds, build.processCpuSeconds / 2);
    const otherCpuSeconds = build.processCpuSeconds - build.writerCpuSeconds - build.segmentCpuSeconds;
    out.push(
      `- build: ${build.seconds.toFixed(1)} s → **${Math.round(n / build.seconds).toLocaleString('en')} docs/s** ` +
        `(generation + jieba in 2 worker threads, writes ${build.writeSeconds.toFixed(1)} s on the main thread); ` +
        `${maintenance.label}: ${maintenance.seconds.toFixed(1)} s; load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
      `- build CPU: writer thread ${build.writerCpuSeconds.toFixed(1)} s (${perDoc(build.writerCpuSeconds)}), ` +
        `generation + segmentation threads ${build.segmentCpuSeconds.toFixed(1)} s (${perDoc(build.segmentCpuSeconds)}), ` +
        `other threads (checkpoints, GC) ${otherCpuSeconds.toFixed(1)} s (${perDoc(otherCpuSeconds)}); ` +
        `on 2 idle cores that bounds the build at ${Math.round(cpuBound).toLocaleString('en')} docs/s`,
    );
  }
  const size = await target.sizes();
  out.push(`- size: index ${bytes(size.index)}, total ${bytes(size.total)} (${size.note})`);
  const counts = await Promise.all(
    [...COMMON_WORDS, RARE_WORDS[0] ?? ''].map(
      async (w) => `${w} ${(await target.exactCount(w)).toLocaleString('en')}`,
    ),
  );
  out.push(`- documents per word: ${counts.join(', ')}`, '');

  // Index searches first, with the event-loop monitor running throughout; the LIKE scans
  // block the main thread (better-sqlite3) and run afterwards, unmonitored.
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const indexed = new Map<string, ReturnType<typeof summarize>>();
  for (const category of categories()) {
    for (const query of category.queries) {
      await target.index.search(query);
    }
    const times: number[] = [];
    for (let i = 0; i < samples; i++) {
      const query = category.queries[i % category.queries.length];
      if (!query) {
        continue;
      }
      const t = performance.now();
      await target.index.search(query);
      times.push(performance.now() - t);
    }
    indexed.set(category.name, summarize(times));
    console.error(`  ${target.name}: ${category.name} p95 ${ms(summarize(times).p95)} ms`);
  }
  loop.disable();
  const rows: string[][] = [];
  for (const category of categories()) {
    const s = indexed.get(category.name);
    if (!s) {
      continue;
    }
    if (!category.queries.some((query) => query.keyword)) {
      rows.push([category.name, ms(s.p50), ms(s.p95), ms(s.p99), 'n/a (no keyword: same index walk)', '—']);
      continue;
    }
    const naiveTimes: number[] = [];
    for (const query of category.queries.slice(0, naiveSamples)) {
      const t = performance.now();
      await target.naive(query);
      naiveTimes.push(performance.now() - t);
    }
    const b = summarize(naiveTimes);
    rows.push([
      category.name,
      ms(s.p50),
      ms(s.p95),
      ms(s.p99),
      `${ms(b.p50)} (${b.n})`,
      // With --naive-samples 0 there is no scan to compare with.
      b.n === 0 ? '—' : `${Math.round(b.p50 / s.p50).toLocaleString('en')}×`,
    ]);
  }
  out.push(
    table(
      ['query (20 per page)', 'p50 ms', 'p95 ms', 'p99 ms', 'LIKE scan p50 ms (samples)', 'speed-up'],
      rows,
    ),
  );
  out.push(
    '',
    `- ${samples} searches per row, one at a time, after one warm-up pass; times are end to end through \`SearchIndex.search\` (segmentation, query, highlighting).`,
    `- main-thread event-loop delay while searching: p99 ${ms(loop.percentile(99) / 1e6)} ms, max ${ms(loop.max / 1e6)} ms.`,
    `- LIKE scan: \`LIKE '%word%'\` on title and body per word, a count and the page; ${naiveSamples} samples per row (each scans every row).`,
    '',
  );
  if (values['restamp-word']) {
    out.push(await restampLevel(target, values['restamp-word']), '');
  }
  return out.join('\n');
}

/** One level of the re-stamp pass (modules/search/search-restamp.ts) for a newly registered word. */
async function restampLevel(target: BenchTarget, word: string): Promise<string> {
  if (!loadQueryWord(word)) {
    return `- re-stamp: ${word} is not a dictionary word of three Han characters or more that is not loaded yet; not measured`;
  }
  const loadBefore = loadavg()[0] ?? 0;
  const t = performance.now();
  let after = 0;
  let steps = 0;
  let raised = 0;
  let queued = 0;
  const stepTimes: number[] = [];
  for (;;) {
    const s = performance.now();
    const step = await target.index.restampWords(after);
    stepTimes.push(performance.now() - s);
    steps++;
    raised += step.raised;
    queued += step.queued;
    if (step.next === null) {
      break;
    }
    after = step.next;
  }
  const seconds = (performance.now() - t) / 1000;
  const step = summarize(stepTimes);
  return (
    `- re-stamp pass for a new word (${word}): one level, ${steps} steps in ${seconds.toFixed(1)} s ` +
    `(step p50 ${ms(step.p50)} ms, p95 ${ms(step.p95)} ms, max ${ms(Math.max(...stepTimes))} ms: the index's writes wait that long); ` +
    `${raised.toLocaleString('en')} documents stamped, ${queued.toLocaleString('en')} queued to be written again; ` +
    `load average ${loadBefore.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}`
  );
}

const reports: string[] = [];
const targets: (() => Promise<BenchTarget>)[] = [];
if (!values['no-sqlite']) {
  targets.push(() => openSqliteTarget(values.dir, n, values.reuse));
}
function pgUrlOf(): string {
  const url =
    values['pg-url'] ??
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    process.env.DATABASE_URL;
  if (!url) {
    throw new Error('--pg needs --pg-url or BENCH_DATABASE_URL / TEST_DATABASE_URL / DATABASE_URL');
  }
  return url;
}
if (values.pg) {
  const url = pgUrlOf();
  targets.push(() => openPgTarget(url, values.reuse));
}
const scanEvery = Math.max(1, Number(values['recall-scan-every']));
let truth: ReturnType<typeof corpusTruth> | undefined;
const corpusRecalls: CorpusRecall[] = [];
for (const open of values['recall-only'] && !values['corpus-recall'] ? [] : targets) {
  const target = await open();
  try {
    if (!values['recall-only']) {
      reports.push(await measure(target));
    }
    if (values['corpus-recall']) {
      if ((await target.index.count()) !== n) {
        throw new Error(
          `--corpus-recall: ${target.name} does not hold the ${n}-document corpus (build it with --keep, then --reuse)`,
        );
      }
      truth ??= corpusTruth(n, seed, scanEvery);
      corpusRecalls.push(await corpusRecall(target.name, target.index, truth, n, seed));
    }
  } finally {
    await target.dispose(values.keep);
  }
}
if (truth) {
  reports.push(corpusRecallTable(truth, n, scanEvery, corpusRecalls));
}
// Last: it loads the portal's business words, which would change how the corpus above is cut.
if (!values['no-recall']) {
  reports.push(await recallReport({ dir: values.dir, pgUrl: values.pg ? pgUrlOf() : undefined, samples }));
}
console.log(`# Search benchmark (${availableParallelism()} cores, Node ${process.versions.node})\n`);
console.log(reports.join('\n'));
