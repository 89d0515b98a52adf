import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareDoc } from '../../server/src/search/prepare-doc.ts';
import { loadUserWords } from '../../server/src/search/segmenter.ts';
import { createSqliteSearchIndex } from '../../server/src/search/sqlite-search-index.ts';
import { freshSearchDb, removeDbFiles } from './bench-db.ts';
import { benchUserWords, makeDoc } from './corpus.ts';
import { threadCpuSeconds } from './stats.ts';

/**
 * npx tsx bench/search/fts-merge.ts [--n 200000] [--automerge 4,8,4,8] [--dir /tmp]
 *
 * FTS5's `automerge` (how many segments of a size gather before they are merged; the portal
 * keeps FTS5's default, 4: README "Performance") side by side on the same documents: for each
 * value in turn (repeat values to alternate them), a fresh database built through the engine's
 * `upsertPrepared` in batches of 5,000 on this thread, then settled. Prints the writes' wall time
 * and CPU per document, a word's count before and after `optimize` (what the lingering segments
 * cost a query) and the optimize's own time. Segmentation is done once, before, and not timed.
 */
const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '200000' },
    automerge: { type: 'string', default: '4,8,4,8' },
    dir: { type: 'string', default: tmpdir() },
  },
});
const n = Number(values.n);
const FTS_TABLES = ['search_fts', 'search_title_fts', 'search_recent_fts'];
const BATCH = 5_000;

loadUserWords(benchUserWords());
const prepared = Array.from({ length: n }, (_, i) => prepareDoc(makeDoc(i, n)));
console.log(
  `fts-merge: ${n.toLocaleString('en')} documents prepared, load average ${loadavg()[0]?.toFixed(1)}`,
);

const file = join(values.dir, `fts-merge-${process.pid}.db`);
const perDoc = (seconds: number) => `${Math.round((seconds / n) * 1e6)} µs/doc`;

for (const segments of values.automerge.split(',').map(Number)) {
  const db = await freshSearchDb(file);
  for (const table of FTS_TABLES) {
    db.exec(`INSERT INTO ${table} (${table}, rank) VALUES ('automerge', ${Math.trunc(segments)})`);
  }
  const index = createSqliteSearchIndex({ db, readers: 0, resultCache: 0 });
  const wall = performance.now();
  const cpu = threadCpuSeconds();
  for (let i = 0; i < n; i += BATCH) {
    await index.upsertPrepared(prepared.slice(i, i + BATCH));
  }
  await index.settle?.();
  const writeWall = (performance.now() - wall) / 1000;
  const writeCpu = threadCpuSeconds() - cpu;
  const count = db.prepare("SELECT count(*) FROM search_fts WHERE search_fts MATCH '市场'").pluck();
  const countMs = () => {
    const t = performance.now();
    for (let i = 0; i < 20; i++) {
      count.get();
    }
    return ((performance.now() - t) / 20).toFixed(1);
  };
  const before = countMs();
  const optimizeAt = threadCpuSeconds();
  for (const table of FTS_TABLES) {
    db.exec(`INSERT INTO ${table} (${table}) VALUES ('optimize')`);
  }
  const optimizeCpu = threadCpuSeconds() - optimizeAt;
  console.log(
    `automerge ${segments}: writes ${writeWall.toFixed(1)} s, ${perDoc(writeCpu)} CPU; ` +
      `count of 市场 ${before} ms, ${countMs()} ms after optimize (${perDoc(optimizeCpu)}); ` +
      `load ${loadavg()[0]?.toFixed(1)}`,
  );
  await index.close();
  db.close();
}
removeDbFiles(file);
