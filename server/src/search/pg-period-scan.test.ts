import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgSearchIndex } from './pg-search-index.ts';
import { createSearchSchema } from './search.schema.ts';
import type { SearchDoc, SearchIndex, SearchQuery } from './search.types.ts';
import { createSqliteSearchIndex } from './sqlite-search-index.ts';

/**
 * PostgreSQL reads keyword matches one publish period at a time. With tiny first periods
 * (many steps, the NOT-tail included) it must answer exactly like one period covering
 * everything, and order newest-first and by hot exactly like SQLite.
 */
const url = process.env.TEST_DATABASE_URL;
const WORDS = ['电池', '储能', '光伏', '芯片', '咖啡'];

function corpus(): SearchDoc[] {
  const docs: SearchDoc[] = [];
  for (let i = 0; i < 600; i++) {
    // Dense recently, sparse years ago; 芯片 only in old documents.
    const daysAgo = i < 400 ? i * 0.5 : 200 + (i - 400) * 5;
    const words = WORDS.filter((_, w) => (i + w) % (w + 2) === 0 && (w !== 3 || daysAgo > 600));
    docs.push({
      id: `p${i}`,
      type: i % 4 === 0 ? 'report' : 'business',
      title: `${words[0] ?? '行业'}观察第${i}期`,
      body: `${words.join('，')}。市场动态第${i}期。`,
      publishedAt: new Date(Date.UTC(2026, 9, 1) - daysAgo * 86_400_000),
      hot: (i * 37) % 101,
    });
  }
  return docs;
}

/**
 * The same documents in a fresh PostgreSQL schema, read by a stepwise index (first periods of
 * `firstPeriodDocs`) and by one whose first period covers everything, and in SQLite. Without
 * `analyse` the table has no statistics, so the scan's density estimate falls back to its default.
 */
type Indexes = { db: Kysely<unknown>; stepwise: SearchIndex; whole: SearchIndex; sqlite: SearchIndex };
async function openIndexes(
  schema: string,
  docs: SearchDoc[],
  firstPeriodDocs: number,
  analyse: boolean,
): Promise<Indexes> {
  // Two connections, as few as a deployment might give: searches must not wait on each other.
  const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`).execute(db);
  await createSearchSchema(db, 'postgres');
  const stepwise = createPgSearchIndex({ db, firstPeriodDocs });
  const whole = createPgSearchIndex({ db, firstPeriodDocs: 1_000_000 });
  const lite = new Database(':memory:');
  await createSearchSchema(new Kysely<unknown>({ dialect: new SqliteDialect({ database: lite }) }), 'sqlite');
  const sqlite = createSqliteSearchIndex({ db: lite, readers: 0 });
  for (let i = 0; i < docs.length; i += 4_000) {
    await stepwise.upsert(docs.slice(i, i + 4_000));
    await sqlite.upsert(docs.slice(i, i + 4_000));
  }
  if (analyse) {
    await sql`ANALYZE search_docs`.execute(db);
  }
  return { db, stepwise, whole, sqlite };
}

async function dropIndexes(schema: string, indexes: Indexes | undefined): Promise<void> {
  if (indexes) {
    await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(indexes.db);
    await indexes.db.destroy();
  }
}

describe.runIf(url)('PostgreSQL period scan', () => {
  const schema = `search_scan_${process.pid}`;
  let stepwise: SearchIndex;
  let whole: SearchIndex;
  let sqlite: SearchIndex;
  let indexes: Indexes | undefined;

  beforeAll(async () => {
    indexes = await openIndexes(schema, corpus(), 3, false);
    ({ stepwise, whole, sqlite } = indexes);
  });
  afterAll(() => dropIndexes(schema, indexes));

  const queries: SearchQuery[] = [];
  for (const keyword of [...WORDS, '电池 储能', '芯片 咖啡', '市场']) {
    for (const sort of ['new', 'hot', 'relevance'] as const) {
      for (const page of [1, 3]) {
        queries.push({ keyword, sort, page, pageSize: 20 });
      }
    }
  }
  queries.push({ types: ['report'], sort: 'new', page: 2, pageSize: 20 });

  it('answers searches run at once as it answers them one by one', async () => {
    // The pool holds two connections: searches at once must not wait on each other's second
    // transaction for ever.
    const one: string[] = [];
    for (const query of queries) {
      one.push(JSON.stringify(await stepwise.search(query)));
    }
    const all = await Promise.all(queries.map(async (query) => JSON.stringify(await stepwise.search(query))));
    expect(all).toEqual(one);
  });

  it.each(queries.map((q) => [`${q.keyword ?? '(types)'} ${q.sort} p${q.page}`, q] as const))(
    '%s',
    async (_label, query) => {
      const a = await stepwise.search(query);
      const b = await whole.search(query);
      expect(a.hits.map((h) => h.id)).toEqual(b.hits.map((h) => h.id));
      expect([a.total, a.fallback]).toEqual([b.total, b.fallback]);
      if (query.sort !== 'relevance') {
        const c = await sqlite.search(query);
        expect(a.hits.map((h) => h.id)).toEqual(c.hits.map((h) => h.id));
        expect(a.total).toBe(c.total);
      }
    },
  );
});

/**
 * More matches than the hot window (HOT_WINDOW = 10,000): the window's end then falls
 * inside a period that the second lane read before knowing where the window ends, and the
 * rows past it must be dropped exactly — or the period read again, when too few of its
 * hottest rows lie inside the window (储能: older documents are hotter).
 */
function bigCorpus(): SearchDoc[] {
  const docs: SearchDoc[] = [];
  for (let i = 0; i < 40_000; i++) {
    const noise = ((i * 7_919) % 1_009) / 1_009;
    docs.push({
      id: `b${i}`,
      type: i % 3 === 0 ? 'report' : 'business',
      title: `第${i}期`,
      body: i % 2 === 0 ? '电池产能。' : '储能项目。',
      publishedAt: new Date(Date.UTC(2026, 9, 1) - Math.floor(i / 100) * 86_400_000 - (i % 100) * 60_000),
      // 电池: newer documents tend to be hotter, as hotScore makes them; 储能: the reverse.
      hot: i % 2 === 0 ? noise / (1 + i / 4_000) : noise + i / 4_000,
    });
  }
  return docs;
}
describe.runIf(url)('PostgreSQL period scan past the hot window', () => {
  const schema = `search_scan_big_${process.pid}`;
  let stepwise: SearchIndex;
  let whole: SearchIndex;
  let sqlite: SearchIndex;
  let indexes: Indexes | undefined;

  beforeAll(async () => {
    indexes = await openIndexes(schema, bigCorpus(), 600, true);
    ({ stepwise, whole, sqlite } = indexes);
  }, 120_000);
  afterAll(() => dropIndexes(schema, indexes));

  const queries: SearchQuery[] = [];
  for (const keyword of ['电池', '储能']) {
    for (const sort of ['hot', 'new'] as const) {
      for (const page of [1, 2, 21, 50]) {
        queries.push({ keyword, sort, page, pageSize: 20 });
      }
    }
  }

  it.each(queries.map((q) => [`${q.keyword} ${q.sort} p${q.page}`, q] as const))(
    '%s',
    async (_label, query) => {
      const a = await stepwise.search(query);
      const b = await whole.search(query);
      const c = await sqlite.search(query);
      expect(a.hits.length).toBe(20);
      expect(a.hits.map((h) => h.id)).toEqual(b.hits.map((h) => h.id));
      expect(a.hits.map((h) => h.id)).toEqual(c.hits.map((h) => h.id));
      expect([a.total, a.totalRelation]).toEqual([10_000, 'gte']);
      expect([b.total, b.totalRelation]).toEqual([10_000, 'gte']);
    },
  );
});
