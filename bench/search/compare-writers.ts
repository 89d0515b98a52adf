import type Database from 'better-sqlite3';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { prepareDoc } from '../../server/src/search/prepare-doc.ts';
import { createSearchSchema } from '../../server/src/search/search.schema.ts';
import type { SearchIndex } from '../../server/src/search/search.types.ts';
import { loadUserWords } from '../../server/src/search/segmenter.ts';
import { createSqliteSearchIndex } from '../../server/src/search/sqlite-search-index.ts';
import { freshSearchDb, removeDbFiles } from './bench-db.ts';
import { benchUserWords, makeDoc } from './corpus.ts';
import { threadCpuSeconds } from './stats.ts';

/**
 * npx tsx bench/search/compare-writers.ts --before <another checkout> [--n 20000] [--runs 3]
 *
 * The SQLite index writes of this checkout against another one's (say `git archive <commit>
 * server bench packages | tar -x -C /tmp/base`, then link its node_modules), in one process:
 * the same prepared documents written through each engine's `upsertPrepared` into a fresh
 * database (each made by its own checkout's schema), 5,000 per call, then `settle` where the
 * engine has it, alternating before/after `runs` times. Prints the writer thread's
 * CPU µs per document, which a shared machine's load moves far less than wall time.
 */
const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    n: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '3' },
    dir: { type: 'string', default: tmpdir() },
  },
});
if (!values.before) {
  throw new Error('--before <checkout> is required');
}
type Make = (options: { db: Database.Database; readers: number; resultCache: number }) => SearchIndex;
const beforeModule = pathToFileURL(resolve(values.before, 'server/src/search/sqlite-search-index.ts')).href;
const makeBefore = ((await import(beforeModule)) as { createSqliteSearchIndex: Make })
  .createSqliteSearchIndex;
// Each side's own schema too: a change may be in the tables (tokenizer, options) as well as the writes.
type MakeSchema = typeof createSearchSchema;
const beforeSchema = (
  (await import(pathToFileURL(resolve(values.before, 'server/src/search/search.schema.ts')).href)) as {
    createSearchSchema: MakeSchema;
  }
).createSearchSchema;
const n = Number(values.n);
loadUserWords(benchUserWords());
const docs = Array.from({ length: n }, (_, i) => prepareDoc(makeDoc(i, n)));
const file = join(values.dir, `compare-writers-${process.pid}.db`);

const results: Record<'before' | 'after', number[]> = { before: [], after: [] };
const load = [loadavg()[0] ?? 0];
for (let run = 0; run < Number(values.runs); run++) {
  for (const [name, make, schema] of [
    ['before', makeBefore, beforeSchema],
    ['after', createSqliteSearchIndex, createSearchSchema],
  ] as const) {
    const db = await freshSearchDb(file, schema);
    const index = make({ db, readers: 0, resultCache: 0 });
    const cpu = threadCpuSeconds();
    for (let i = 0; i < n; i += 5_000) {
      await index.upsertPrepared(docs.slice(i, i + 5_000));
    }
    await index.settle?.();
    results[name].push(((threadCpuSeconds() - cpu) / n) * 1e6);
    await index.close();
    db.close();
  }
}
load.push(loadavg()[0] ?? 0);
removeDbFiles(file);
console.log(
  `compare-writers: ${n.toLocaleString('en')} documents, load average ${load.map((l) => l.toFixed(1)).join(' → ')}`,
);
for (const [name, cpu] of Object.entries(results)) {
  console.log(`${name.padEnd(7)} writer CPU µs/doc: ${cpu.map((c) => c.toFixed(0)).join(', ')}`);
}
