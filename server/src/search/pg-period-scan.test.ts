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

describe.runIf(url)('PostgreSQL period scan', () => {
  const schema = `search_scan_${process.pid}`;
  let pool: pg.Pool;
  let db: Kysely<unknown>;
  let stepwise: SearchIndex;
  let whole: SearchIndex;
  let sqlite: SearchIndex;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` });
    db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`).execute(db);
    await createSearchSchema(db, 'postgres');
    stepwise = createPgSearchIndex({ db, firstPeriodDocs: 3 });
    whole = createPgSearchIndex({ db, firstPeriodDocs: 1_000_000 });
    await stepwise.upsert(corpus());
    const lite = new Database(':memory:');
    await createSearchSchema(
      new Kysely<unknown>({ dialect: new SqliteDialect({ database: lite }) }),
      'sqlite',
    );
    sqlite = createSqliteSearchIndex({ db: lite, readers: 0 });
    await sqlite.upsert(corpus());
  });
  afterAll(async () => {
    await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(db);
    await db.destroy();
  });

  const queries: SearchQuery[] = [];
  for (const keyword of [...WORDS, '电池 储能', '芯片 咖啡', '市场']) {
    for (const sort of ['new', 'hot', 'relevance'] as const) {
      for (const page of [1, 3]) {
        queries.push({ keyword, sort, page, pageSize: 20 });
      }
    }
  }
  queries.push({ types: ['report'], sort: 'new', page: 2, pageSize: 20 });

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
