import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { kindToken } from '../../server/src/search/fts5-match.ts';
import { prepareDoc } from '../../server/src/search/prepare-doc.ts';
import type { PreparedDoc, SearchDoc } from '../../server/src/search/search.types.ts';
import { gramTokens, indexTokens, loadUserWords } from '../../server/src/search/segmenter.ts';
import { createSqliteSearchIndex } from '../../server/src/search/sqlite-search-index.ts';
import { freshSearchDb, removeDbFiles } from './bench-db.ts';
import { benchUserWords, makeDoc } from './corpus.ts';
import { threadCpuSeconds } from './stats.ts';

/**
 * npx tsx bench/search/profile-build.ts [--n 50000] [--dir /tmp]
 *
 * Where one thread's time goes when SQLite indexes generated documents: generation, jieba's
 * search-mode cut, the bigram stream, then the writes through the engine's `upsertPrepared`
 * in batches of 5,000 (one transaction each), then each table's inserts alone; all on the
 * calling thread, one stage after the other over the same documents, in wall and CPU time.
 * The rate `bench:search` reports is the pipeline's (two segmentation threads feeding the
 * writer); this splits it. search_recent_fts costs what search_fts does (same columns).
 */
const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '50000' },
    dir: { type: 'string', default: tmpdir() },
  },
});
const n = Number(values.n);
const BATCH = 5_000;
loadUserWords(benchUserWords());

/** Wall and CPU time of one stage over all `n` documents (CPU: what it costs on a shared machine). */
const report = (label: string, wallSeconds: number, cpuSeconds: number): void => {
  console.log(
    `${label.padEnd(40)} ${wallSeconds.toFixed(2).padStart(7)} s wall ` +
      `${Math.round((cpuSeconds / n) * 1e6)
        .toString()
        .padStart(5)} µs CPU/doc  ${Math.round(n / cpuSeconds)
        .toLocaleString('en')
        .padStart(9)} docs/CPU-s`,
  );
};
const timed = <T>(label: string, run: () => T): T => {
  const t = performance.now();
  const cpu = threadCpuSeconds();
  const out = run();
  report(label, (performance.now() - t) / 1000, threadCpuSeconds() - cpu);
  return out;
};

console.log(`profile-build: ${n.toLocaleString('en')} documents, load average ${loadavg()[0]?.toFixed(1)}`);
const docs: SearchDoc[] = timed('generate (makeDoc)', () =>
  Array.from({ length: n }, (_, i) => makeDoc(i, n)),
);
timed('jieba search mode (title, tags, body)', () => {
  for (const d of docs) {
    indexTokens(d.title);
    for (const t of d.tags ?? []) {
      indexTokens(t);
    }
    indexTokens(d.body);
  }
});
timed('bigrams (title, tags, body)', () => {
  for (const d of docs) {
    gramTokens(d.title);
    for (const t of d.tags ?? []) {
      gramTokens(t);
    }
    gramTokens(d.body);
  }
});
const prepared: PreparedDoc[] = timed('prepareDoc (all of the above)', () => docs.map(prepareDoc));
const clone = timed('structured clone (to the writer)', () => structuredClone(prepared));

const file = join(values.dir, `search-profile-${process.pid}.db`);
const openDb = () => freshSearchDb(file);

// The engine's writes: every table, a transaction per batch.
let db = await openDb();
const index = createSqliteSearchIndex({ db, readers: 0, resultCache: 0 });
let wall = performance.now();
let cpu = threadCpuSeconds();
for (let i = 0; i < clone.length; i += BATCH) {
  await index.upsertPrepared(clone.slice(i, i + BATCH));
}
report('writes (upsertPrepared, every table)', (performance.now() - wall) / 1000, threadCpuSeconds() - cpu);
wall = performance.now();
cpu = threadCpuSeconds();
await index.settle?.();
report(
  '  then settle (fills search_recent_fts)',
  (performance.now() - wall) / 1000,
  threadCpuSeconds() - cpu,
);
await index.close();
db.close();

// Each table alone, in publish order, into a fresh database: what each costs of the above.
const ordered = [...clone].sort((a, b) => a.publishedAtMs - b.publishedAtMs);
const tables: [string, string, (d: PreparedDoc) => unknown[]][] = [
  [
    'search_docs',
    'INSERT INTO search_docs (ord, doc_id, type, published_at, hot, title, body) VALUES (?, ?, ?, ?, ?, ?, ?)',
    (d) => [d.id, d.type, d.publishedAtMs, d.hot, d.title, d.body],
  ],
  [
    'search_fts (words + bigrams)',
    'INSERT INTO search_fts (rowid, title, tags, body, kind, tgrams, bgrams) VALUES (?, ?, ?, ?, ?, ?, ?)',
    (d) => [d.titleTokens, d.tagTokens, d.bodyTokens, kindToken(d.type), d.titleGrams, d.bodyGrams],
  ],
  [
    'search_fts (words only)',
    'INSERT INTO search_fts (rowid, title, tags, body, kind) VALUES (?, ?, ?, ?, ?)',
    (d) => [d.titleTokens, d.tagTokens, d.bodyTokens, kindToken(d.type)],
  ],
  [
    'search_title_fts',
    'INSERT INTO search_title_fts (rowid, title, tags, kind, tgrams) VALUES (?, ?, ?, ?, ?)',
    (d) => [d.titleTokens, d.tagTokens, kindToken(d.type), d.titleGrams],
  ],
];
for (const [label, statement, values] of tables) {
  db = await openDb();
  const insert = db.prepare(statement);
  const write = db.transaction((from: number) => {
    ordered.slice(from, from + BATCH).forEach((d, i) => insert.run(BigInt(from + i + 1), ...values(d)));
  });
  wall = performance.now();
  cpu = threadCpuSeconds();
  for (let i = 0; i < ordered.length; i += BATCH) {
    write.immediate(i);
  }
  report(`  ${label} alone`, (performance.now() - wall) / 1000, threadCpuSeconds() - cpu);
  db.close();
}
removeDbFiles(file);
