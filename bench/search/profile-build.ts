import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareDoc } from '../../server/src/search/prepare-doc.ts';
import { createSearchSchema } from '../../server/src/search/search.schema.ts';
import type { PreparedDoc, SearchDoc } from '../../server/src/search/search.types.ts';
import { gramTokens, indexTokens, loadUserWords } from '../../server/src/search/segmenter.ts';
import { createSqliteSearchIndex } from '../../server/src/search/sqlite-search-index.ts';
import { benchUserWords, makeDoc } from './corpus.ts';

/**
 * npm run -s bench:search:profile -w bench -- [--n 50000] [--dir /tmp]
 *
 * Where one thread's time goes when SQLite indexes generated documents: generation, jieba's
 * search-mode cut, the bigram stream, then the writes through the engine's `upsertPrepared`
 * in batches of 5,000 (one transaction each), all on the calling thread, one stage after the
 * other over the same documents. The rate `bench:search` reports is the pipeline's (two
 * segmentation threads feeding the writer); this splits it.
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

const timed = <T>(label: string, run: () => T): T => {
  const t = performance.now();
  const out = run();
  const s = (performance.now() - t) / 1000;
  console.log(
    `${label.padEnd(34)} ${s.toFixed(2).padStart(7)} s  ${Math.round(n / s)
      .toLocaleString('en')
      .padStart(9)} docs/s`,
  );
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
const remove = () => {
  for (const suffix of ['', '-wal', '-shm']) {
    rmSync(file + suffix, { force: true });
  }
};
remove();
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('cache_size = -262144');
await createSearchSchema(new Kysely<unknown>({ dialect: new SqliteDialect({ database: db }) }), 'sqlite');
const index = createSqliteSearchIndex({ db, readers: 0, resultCache: 0 });
const writes = performance.now();
for (let i = 0; i < clone.length; i += BATCH) {
  await index.upsertPrepared(clone.slice(i, i + BATCH));
}
const writeSeconds = (performance.now() - writes) / 1000;
console.log(
  `${'writes (upsertPrepared)'.padEnd(34)} ${writeSeconds.toFixed(2).padStart(7)} s  ${Math.round(
    n / writeSeconds,
  )
    .toLocaleString('en')
    .padStart(9)} docs/s`,
);
await index.close();
db.close();
remove();
