import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createPgSearchIndex } from '../../server/src/search/pg-search-index.ts';
import { loadUserWords } from '../../server/src/search/segmenter.ts';
import type { SearchIndex, SearchQuery, SearchResult } from '../../server/src/search/search.types.ts';
import { benchUserWords } from './corpus.ts';
import { categories } from './queries.ts';
import { ms, summarize, table } from './stats.ts';

/**
 * PostgreSQL search, this checkout against another one, query by query on the same index:
 *
 *   git worktree add --detach /tmp/old <revision>; ln -s "$PWD/node_modules" /tmp/old/node_modules
 *   npm run bench:search -- --n 1000000 --pg --no-sqlite --keep   # with the old code, or any
 *   npx tsx bench/search/pg-before-after.ts --old /tmp/old --pg-url postgres://… [--samples 100]
 *
 * On a shared machine the load moves by 2–3× within minutes, so two bench:search runs one after
 * the other compare the load as much as the code. Here each sample runs the old engine and this
 * one back to back (alternating which goes first) on the index `bench:search --keep` left in
 * `search_bench`, and every answer is compared: total, its relation and the page's ids must be
 * the same. The index must hold both layouts: the tsvector in `search_docs` (before migration
 * 2026112902_pg_search_counts) and `search_terms` (after); a missing `search_terms` is filled
 * here as the migration fills it, keeping `search_docs.tsv` for the old engine.
 */
const { values } = parseArgs({
  options: {
    old: { type: 'string' },
    'pg-url': { type: 'string' },
    samples: { type: 'string', default: '100' },
  },
});
const url = values['pg-url'] ?? process.env.BENCH_DATABASE_URL;
if (!values.old || !url) {
  throw new Error('pg-before-after needs --old <checkout> and --pg-url (or BENCH_DATABASE_URL)');
}
const oldRoot = resolve(values.old);
const samples = Number(values.samples);

type Engine = { createPgSearchIndex: typeof createPgSearchIndex };
const oldEngine = (await import(join(oldRoot, 'server/src/search/pg-search-index.ts'))) as Engine;
// Each checkout's segmenter is a module of its own: both need the bench's dictionary words.
const oldSegmenter = (await import(join(oldRoot, 'server/src/search/segmenter.ts'))) as {
  loadUserWords: typeof loadUserWords;
};
loadUserWords(benchUserWords());
oldSegmenter.loadUserWords(benchUserWords());

function open(): { db: Kysely<unknown>; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: 4, options: '-c search_path=search_bench' });
  return { db: new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) }), pool };
}
const before = open();
const after = open();

const hasTerms = await sql<{ t: string | null }>`SELECT to_regclass('search_terms')::text AS t`.execute(
  after.db,
);
if (hasTerms.rows[0]?.t === null) {
  const t = performance.now();
  // pg-search-terms.ts addSearchTerms, less dropping search_docs.tsv and its GIN.
  await sql`CREATE TABLE search_terms (
    ord BIGINT PRIMARY KEY REFERENCES search_docs (ord) ON DELETE CASCADE,
    hot DOUBLE PRECISION NOT NULL DEFAULT 0,
    tsv TSVECTOR NOT NULL
  ) WITH (toast_tuple_target = 128)`.execute(after.db);
  await sql`INSERT INTO search_terms (ord, hot, tsv) SELECT ord, hot, tsv FROM search_docs ORDER BY ord`.execute(
    after.db,
  );
  await sql`CREATE INDEX search_terms_tsv ON search_terms USING gin (tsv)`.execute(after.db);
  await sql`VACUUM ANALYZE search_terms`.execute(after.db);
  console.error(`search_terms filled in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

const engines: [string, SearchIndex][] = [
  ['before', oldEngine.createPgSearchIndex({ db: before.db })],
  ['after', createPgSearchIndex({ db: after.db })],
];

const answer = (r: SearchResult) => `${r.total}${r.totalRelation}:${r.hits.map((h) => h.id).join(',')}`;
const loadStart = loadavg()[0] ?? 0;
const rows: string[][] = [];
let different = 0;
for (const category of categories()) {
  for (const query of category.queries) {
    for (const [, index] of engines) {
      await index.search(query);
    }
  }
  const times = new Map<string, number[]>(engines.map(([name]) => [name, []]));
  let mismatches = 0;
  for (let i = 0; i < samples; i++) {
    const query = category.queries[i % category.queries.length] as SearchQuery;
    const order = i % 2 === 0 ? engines : [...engines].reverse();
    const answers = new Map<string, string>();
    for (const [name, index] of order) {
      const t = performance.now();
      const result = await index.search(query);
      times.get(name)?.push(performance.now() - t);
      answers.set(name, answer(result));
    }
    if (answers.get('before') !== answers.get('after')) {
      mismatches++;
      if (mismatches === 1) {
        console.error(`${category.name}: ${JSON.stringify(query)} answers differ`, [...answers.values()]);
      }
    }
  }
  different += mismatches;
  const b = summarize(times.get('before') ?? []);
  const a = summarize(times.get('after') ?? []);
  rows.push([
    category.name,
    `${ms(b.p50)} / ${ms(b.p95)}`,
    `${ms(a.p50)} / ${ms(a.p95)}`,
    `${(b.p95 / a.p95).toFixed(1)}×`,
    String(mismatches),
  ]);
  console.error(`${category.name}: p95 before ${ms(b.p95)} ms, after ${ms(a.p95)} ms`);
}
const count = await engines[1]?.[1].count();
console.log(
  [
    `## PostgreSQL before / after — ${count?.toLocaleString('en')} documents, ${samples} samples per row`,
    '',
    table(
      ['query (20 per page)', 'before p50 / p95 ms', 'after p50 / p95 ms', 'p95 ratio', 'answers differing'],
      rows,
    ),
    '',
    `- old engine: ${oldRoot}; load average ${loadStart.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}; ${different} answers differed.`,
  ].join('\n'),
);
for (const { db } of [before, after]) {
  await db.destroy();
}
