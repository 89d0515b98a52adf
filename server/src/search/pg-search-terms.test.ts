import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPgSearchSchema } from './fixtures/pg-schema.ts';
import { testBackends, type TestBackend } from './fixtures/test-backends.ts';
import { addSearchTerms, dropSearchTerms } from './pg-search-terms.ts';
import type { SearchDoc, SearchIndex, SearchQuery } from './search.types.ts';

/**
 * PostgreSQL counts and matches read `search_terms` (pg-search-terms.ts), a table beside
 * `search_docs`: every write, edit, delete and hot score must reach it. The same checks run on
 * SQLite, whose index has no such table, so both engines are held to the same answers.
 */
const DAY = 86_400_000;

function doc(i: number, words: string, hot = 0): SearchDoc {
  return {
    id: `t${i}`,
    type: i % 3 === 0 ? 'report' : 'business',
    title: `第${i}期观察`,
    body: `${words}。第${i}期。`,
    publishedAt: new Date(Date.UTC(2026, 9, 1) - i * DAY),
    hot,
  };
}

const byNew = (keyword: string): SearchQuery => ({ keyword, sort: 'new', page: 1, pageSize: 50 });

describe.each(testBackends())('search counts follow writes on %s', (_name, open) => {
  let backend: TestBackend;
  let index: SearchIndex;
  beforeEach(async () => {
    backend = await open();
    index = backend.index;
    await index.upsert(
      Array.from({ length: 30 }, (_, i) => doc(i, i % 2 === 0 ? '储能电池' : '光伏组件', i)),
    );
  });
  afterEach(() => backend.dispose());

  it('a new document is counted and found', async () => {
    expect((await index.search(byNew('储能'))).total).toBe(15);
    await index.upsert([doc(100, '储能电站')]);
    const found = await index.search(byNew('储能'));
    expect(found.total).toBe(16);
    expect(found.hits.map((h) => h.id)).toContain('t100');
  });

  it('an edit moves a document from one word to another', async () => {
    await index.upsert([doc(0, '光伏组件')]);
    expect((await index.search(byNew('储能'))).total).toBe(14);
    const solar = await index.search(byNew('光伏'));
    expect(solar.total).toBe(16);
    expect(solar.hits.map((h) => h.id)).toContain('t0');
    expect((await index.matchIds({ keyword: '光伏', types: ['business', 'report'] })).ids).toContain('t0');
  });

  it('a delete leaves the counts, the matches and the facets', async () => {
    await index.remove(['t0', 't2']);
    const found = await index.search(byNew('储能'));
    expect(found.total).toBe(13);
    expect(found.hits.map((h) => h.id)).not.toContain('t0');
    expect((await index.matchIds({ keyword: '储能', types: ['business', 'report'] })).ids).toHaveLength(13);
    expect(await index.count()).toBe(28);
  });

  it('a new hot score reorders a keyword sorted by hot', async () => {
    const before = await index.search({ ...byNew('储能'), sort: 'hot' });
    expect(before.hits[0]?.id).toBe('t28');
    await index.setHot('t4', 1_000);
    const after = await index.search({ ...byNew('储能'), sort: 'hot' });
    expect(after.hits[0]?.id).toBe('t4');
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('migration 2026112902_pg_search_counts', () => {
  let db: Kysely<unknown>;
  let index: SearchIndex;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, index, dispose } = await openPgSearchSchema(url as string, 'search_terms'));
  });
  afterAll(() => dispose());

  it('carries an index written before it, and back', async () => {
    await index.upsert(
      Array.from({ length: 40 }, (_, i) => doc(i, i % 4 === 0 ? '储能电池' : '光伏组件', i)),
    );
    const queries = [
      byNew('储能'),
      { ...byNew('光伏'), sort: 'hot' as const },
      { ...byNew('储能电池'), sort: 'relevance' as const },
    ];
    const answers = async () => Promise.all(queries.map((q) => index.search(q)));
    const expected = await answers();
    expect(expected.map((r) => r.total)).toEqual([10, 30, 10]);

    // Back to the layout before the migration: the tsvectors in search_docs, no search_terms.
    await dropSearchTerms(db, 'postgres');
    const { rows: columns } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'search_docs' AND column_name = 'tsv'`.execute(
      db,
    );
    expect(columns[0]?.n).toBe(1);
    await expect(sql`SELECT 1 FROM search_terms`.execute(db)).rejects.toThrow(/search_terms/);

    // The migration fills search_terms from those rows: every search answers as before.
    await addSearchTerms(db, 'postgres');
    expect(await answers()).toEqual(expected);
    const { rows } = await sql<{ terms: number; docs: number }>`
      SELECT (SELECT count(*) FROM search_terms)::int AS terms, (SELECT count(*) FROM search_docs)::int AS docs`.execute(
      db,
    );
    expect(rows[0]).toEqual({ terms: 40, docs: 40 });
  });
});
