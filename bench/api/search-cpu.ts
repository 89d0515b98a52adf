/**
 * `npx tsx bench/api/search-cpu.ts`: CPU microseconds per search of bench:api's distinct-query
 * scenario, by stage, in one thread — what a search reader thread spends on one search page.
 * CPU time (process.cpuUsage, one busy thread) holds up on a loaded machine where wall rates
 * do not. The demo library (bench/search/demo-library.ts) is indexed into a temporary SQLite
 * file and searched through a read-only connection as a reader thread opens it, result cache
 * off, each query as the search service plans it for the 全部 tab (page hits, type totals on
 * page 1).
 *   --queries N   distinct queries per round (default 4,800: the scenario's, pages 1–3)
 *   --rounds N    rounds; the first warms up and is not counted (default 3)
 *   --save FILE   write a SHA-256 of each query's reply (JSON), one per line
 *   --check FILE  compare them with a saved file: any reply that differs fails the run (run it
 *                 with the same --queries; a reply is the engine's SearchResult as the reader
 *                 thread posts it)
 *   --statements  also list CPU µs per search in each SQL statement
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { Kysely, SqliteDialect } from 'kysely';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { serialize } from 'node:v8';
import { openSqliteFile } from '../../server/src/db/database.ts';
import { COUNTED_TYPES } from '../../server/src/modules/search/search-facets.ts';
import { planSearch } from '../../server/src/search/search-plan.ts';
import type { SearchQuery } from '../../server/src/search/search.types.ts';
import { createSearchSchema } from '../../server/src/search/search.schema.ts';
import { createSqliteSearchIndex } from '../../server/src/search/sqlite-search-index.ts';
import { SqliteSearchReader } from '../../server/src/search/sqlite-search-reader.ts';
import { demoLibraryDocs } from '../search/demo-library.ts';
import { scenarios } from './scenarios.ts';

const { values } = parseArgs({
  options: {
    queries: { type: 'string', default: '4800' },
    rounds: { type: 'string', default: '3' },
    save: { type: 'string' },
    check: { type: 'string' },
    statements: { type: 'boolean', default: false },
  },
});

const scenario = scenarios.find((s) => s.name.includes('distinct'));
if (!scenario?.nextBody) {
  throw new Error('bench:api has no distinct-query scenario');
}
const bodies = Array.from(
  { length: Number(values.queries) },
  () => scenario.nextBody?.() as { keyword: string; page: number },
);
// As search.service.ts asks the engine for the 全部 tab: every type, relevance, page hits,
// each type's total on the first page.
const queryOf = (b: { keyword: string; page: number }): SearchQuery => ({
  keyword: b.keyword,
  sort: 'relevance',
  page: b.page,
  pageSize: 20,
  pageHits: true,
  ...(b.page === 1 ? { typeTotals: COUNTED_TYPES } : {}),
});

const dir = mkdtempSync(join(tmpdir(), 'search-cpu-'));
const file = join(dir, 'search.db');
try {
  const { file: writerDb } = openSqliteFile(file);
  await createSearchSchema(
    new Kysely<unknown>({ dialect: new SqliteDialect({ database: writerDb }) }),
    'sqlite',
  );
  const index = createSqliteSearchIndex({ db: writerDb, readers: 0, resultCache: 0 });
  await index.upsert(demoLibraryDocs(new Date('2026-11-25T00:00:00Z')));
  writerDb.pragma('wal_checkpoint(TRUNCATE)');

  const cpu = () => {
    const u = process.cpuUsage();
    return u.user + u.system;
  };
  // As sqlite-reader-worker.ts opens its connection.
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma('cache_size = -65536');
  db.pragma('mmap_size = 1073741824');
  // Each statement's own time (better-sqlite3 runs it synchronously inside all/get).
  const statementTime = new Map<string, number>();
  const prepare = db.prepare.bind(db);
  db.prepare = ((source: string) => {
    const statement = prepare(source);
    const label = source.replace(/\s+/g, ' ').slice(0, 90);
    for (const method of ['all', 'get', 'run'] as const) {
      const run = statement[method].bind(statement) as (...a: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        const t = cpu();
        try {
          return run(...args);
        } finally {
          statementTime.set(label, (statementTime.get(label) ?? 0) + cpu() - t);
        }
      };
    }
    return statement;
  }) as typeof db.prepare;
  const reader = new SqliteSearchReader(db, 'portal', 0);

  // Stage times: the reader's steps, wrapped where they are methods (bench only).
  const spent = new Map<string, number>();
  const timed = <T>(stage: string, f: () => T): T => {
    const t = cpu();
    try {
      return f();
    } finally {
      spent.set(stage, (spent.get(stage) ?? 0) + cpu() - t);
    }
  };
  const proto = SqliteSearchReader.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const [method, stage] of [
    ['compute', 'rank + snippets'],
    ['result', '  of which snippet rows + highlight'],
    ['typeTotals', 'type totals'],
  ] as const) {
    const original = proto[method];
    if (!original) {
      throw new Error(`SqliteSearchReader has no ${method}`);
    }
    proto[method] = function (this: unknown, ...args: unknown[]) {
      return timed(stage, () => original.apply(this, args));
    };
  }
  const pages = (reader as unknown as { pages: { pageHits: (...a: unknown[]) => Promise<unknown> } }).pages;
  const pageHits = pages.pageHits.bind(pages);
  // pageHits is async but does its work synchronously (better-sqlite3): time up to its promise.
  pages.pageHits = (...args: unknown[]) => timed('page hits', () => pageHits(...args));

  const replies: string[] = [];
  const rounds = Number(values.rounds);
  let counted = 0;
  let total = 0;
  for (let round = 0; round < rounds; round++) {
    if (round === 1) {
      spent.clear();
      statementTime.clear();
      counted = 0;
      total = 0;
    }
    for (const [i, body] of bodies.entries()) {
      const t = cpu();
      // On the main thread in the portal; the rest in a reader thread.
      const plan = timed('plan (segment the keyword)', () => planSearch(queryOf(body)));
      const result = await reader.run(plan);
      timed('serialise (as postMessage)', () => serialize({ id: i, result }));
      total += cpu() - t;
      counted++;
      if (round === 0) {
        replies.push(createHash('sha256').update(JSON.stringify(result)).digest('hex'));
      }
    }
  }
  const per = (us: number) => (us / counted).toFixed(0).padStart(6);
  console.log(
    `CPU µs per search, ${counted} searches (${bodies.length} distinct × ${rounds - 1} rounds), demo library`,
  );
  for (const [stage, us] of spent) {
    console.log(`${per(us)}  ${stage}`);
  }
  console.log(`${per(total)}  all`);
  if (values.statements) {
    console.log('\nCPU µs per search in each statement:');
    for (const [label, us] of [...statementTime].sort((a, b) => b[1] - a[1])) {
      console.log(`${per(us)}  ${label}`);
    }
  }

  if (values.save) {
    writeFileSync(values.save, replies.join('\n') + '\n');
    console.log(`saved ${replies.length} replies to ${values.save}`);
  }
  if (values.check) {
    const saved = readFileSync(values.check, 'utf8').trimEnd().split('\n');
    const differing = replies.filter((r, i) => r !== saved[i]);
    if (saved.length !== replies.length || differing.length > 0) {
      console.error(`replies differ from ${values.check}: ${differing.length} of ${replies.length}`);
      process.exitCode = 1;
    } else {
      console.log(`all ${replies.length} replies are byte-identical to ${values.check}`);
    }
  }
  db.close();
  await index.close();
  writerDb.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
