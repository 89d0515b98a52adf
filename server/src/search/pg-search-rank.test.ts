import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPgSearchSchema } from './fixtures/pg-schema.ts';
import { testBackends, type TestBackend } from './fixtures/test-backends.ts';
import { addSearchRank, dropSearchRank } from './pg-search-rank.ts';
import type { SearchDoc, SearchIndex, SearchQuery } from './search.types.ts';

/**
 * PostgreSQL ranks body matches on a words-only vector (pg-search-rank.ts) and a match found
 * only through a word's bigrams on the full one, at a fifth. Both engines are held to the same
 * order: a document holding the word ranks above a shorter one where it only appears across
 * word boundaries (上市 in 海上|市场), three times.
 */
const DAY = 86_400_000;
const FILLER = '报告回顾了全年的经营情况，分析了成本、渠道与用户结构的变化，并给出来年的展望。';

function doc(id: string, body: string, daysAgo: number, title = '年度观察'): SearchDoc {
  return {
    id,
    type: 'business',
    title,
    body,
    publishedAt: new Date(Date.UTC(2026, 9, 1) - daysAgo * DAY),
    hot: 0,
  };
}

const relevance = (keyword: string): SearchQuery => ({ keyword, sort: 'relevance', page: 1, pageSize: 20 });

describe.each(testBackends())('body ranking on %s', (_name, open) => {
  let backend: TestBackend;
  let index: SearchIndex;
  beforeEach(async () => {
    backend = await open();
    index = backend.index;
  });
  afterEach(() => backend.dispose());

  it('ranks a document holding the word above one that holds it only across a word boundary', async () => {
    await index.upsert([
      // Older and longer: 上市 once, as a word. (Were the gram match weighed like a word on
      // PostgreSQL, against this one's words-only vector, 'across' would come first.)
      doc('word', `${FILLER}这家公司计划明年上市。`, 30),
      // Newer and short: 上市 three times, each inside 海上|市场.
      doc('across', '海上市场很大，海上市场在增长，海上市场前景好。', 1),
    ]);
    const found = await index.search(relevance('上市'));
    expect(found.hits.map((h) => h.id)).toEqual(['word', 'across']);
  });

  it('ranks by how often the word occurs among documents holding it', async () => {
    await index.upsert([
      doc('once', `${FILLER}储能电站今年投运。${FILLER}`, 1),
      doc('thrice', `${FILLER}储能电站投运，储能成本下降，储能需求上升。${FILLER}`, 20),
    ]);
    const found = await index.search(relevance('储能'));
    expect(found.hits.map((h) => h.id)).toEqual(['thrice', 'once']);
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('migration 2026113004_pg_search_rank', () => {
  let db: Kysely<unknown>;
  let index: SearchIndex;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, index, dispose } = await openPgSearchSchema(url as string, 'search_rank'));
  });
  afterAll(() => dispose());

  it('fills each ranking vector with what the writer stores, and a delete takes it away', async () => {
    await index.upsert([
      doc('a', '海上市场很大，GPU 供给紧张，储能电站投运。', 3, '储能与 GPU'),
      { ...doc('b', `${FILLER}这家公司计划明年上市。`, 2), tags: ['资本市场'] },
      doc('c', '瑞幸咖啡门店数超过两万家。', 1),
    ]);
    const vectors = async () =>
      (
        await sql<{
          ord: string;
          tsv: string;
        }>`SELECT ord::text, tsv::text FROM search_rank ORDER BY ord`.execute(db)
      ).rows;
    const written = await vectors();
    expect(written).toHaveLength(3);
    // Words only, at their positions: no bigram ('^…') or filter ('~…') lexeme.
    expect(written.map((r) => r.tsv).join(' ')).not.toMatch(/'[\^~]/);
    expect(written[0]?.tsv).toContain("'gpu':");
    const answers = () => Promise.all(['上市', '储能', 'gpu', '咖啡'].map((k) => index.search(relevance(k))));
    const expected = await answers();
    expect(expected.map((r) => r.hits.map((h) => h.id))).toEqual([['b', 'a'], ['a'], ['a'], ['c']]);

    await dropSearchRank(db, 'postgres');
    await addSearchRank(db, 'postgres');
    expect(await vectors()).toEqual(written);
    expect(await answers()).toEqual(expected);

    await index.remove(['a']);
    expect((await vectors()).map((r) => r.ord)).toEqual(written.slice(1).map((r) => r.ord));
  });
});
