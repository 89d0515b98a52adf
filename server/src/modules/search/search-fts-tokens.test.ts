import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropFtsTokenSplitter, useFtsTokenSplitter } from '../../search/search.schema.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { rebuildSearchIndex } from './search-rebuild.ts';

// Sub-words, a tag, Latin in both cases and a phrase of the demo library.
const WORDS = ['瑞幸', '安克', '新能源汽车', '行业研究', 'SHEIN', 'shein', '同比增长'];

/** Migration 2026112901 on a database whose index the previous code (the `unicode61` tables) wrote. */
describe.each(testDatabases())('search FTS token splitter migration on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { demoReports: 2 });
  }, 180_000);
  afterAll(() => t.close());

  const totals = async () =>
    Promise.all(
      WORDS.map(async (keyword) => {
        const r = await t.search.search({ keyword, sort: 'relevance', page: 1, pageSize: 20 });
        return `${keyword} ${r.total} ${r.hits.map((h) => h.id).join(',')}`;
      }),
    );
  const queued = async () =>
    Number(
      (await sql<{ n: number | string }>`SELECT count(*) AS n FROM search_rebuild`.execute(t.db.kysely))
        .rows[0]?.n,
    );
  const tokenizers = async () =>
    (
      await sql<{ sql: string }>`SELECT sql FROM sqlite_master
        WHERE name IN ('search_fts', 'search_title_fts', 'search_recent_fts') ORDER BY name`.execute(
        t.db.kysely,
      )
    ).rows.map((r) => /tokenize = '([a-z0-9 _]+)'/.exec(r.sql)?.[1]);
  const rebuild = () => rebuildSearchIndex({ db: t.db, search: t.search, clock: t.clock });

  it('makes the index again with the ascii tokenizer, and every word finds what it found before', async () => {
    const documents = await t.search.count();
    // The database as the code before 2026112901 left it: unicode61 tables, every document in them.
    await dropFtsTokenSplitter(t.db.kysely, kind);
    await rebuild();
    if (kind === 'sqlite') {
      expect(await tokenizers()).toEqual(Array(3).fill('unicode61 remove_diacritics 0'));
    }
    const before = await totals();
    expect(before.filter((line) => / 0 $/.test(line))).toEqual([]);

    await useFtsTokenSplitter(t.db.kysely, kind);
    if (kind === 'sqlite') {
      expect(await tokenizers()).toEqual(['ascii', 'ascii', 'ascii']);
      expect(await queued()).toBe(documents);
      // Empty until the start-up rebuild writes every document again.
      expect((await t.search.search({ keyword: '瑞幸', sort: 'new', page: 1, pageSize: 20 })).total).toBe(0);
      expect(await rebuild()).toBe(documents);
    } else {
      // PostgreSQL's lexemes do not depend on it: nothing to rebuild.
      expect(await queued()).toBe(0);
    }
    expect(await queued()).toBe(0);
    expect(await t.search.count()).toBe(documents);
    expect(await totals()).toEqual(before);
  }, 120_000);
});
