import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as queueTopicBodies } from '../../db/migrations/2026113003_search_topic_bodies.ts';
import { addSearchGrams } from '../../search/search.schema.ts';
import { searchDocId } from '../content/content-types.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { rebuildSearchIndex } from './search-rebuild.ts';

// Words in titles, bodies and tags of the demo library (安克 and 瑞幸 only inside 安克创新 and
// 瑞幸咖啡; 行业研究 is a report's source type, one of its tags).
const WORDS = ['瑞幸', '安克', '新能源汽车', '行业研究', 'SHEIN', '同比增长'];

describe.each(testDatabases())('search index rebuild on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { demoReports: 2 });
  }, 180_000);
  afterAll(() => t.close());

  // Each word's total and every document it finds (all fit on one page of 50), so a
  // difference names the documents.
  const totals = async () =>
    Promise.all(
      WORDS.map(async (keyword) => {
        const r = await t.search.search({ keyword, sort: 'new', page: 1, pageSize: 50 });
        expect(r.total).toBeLessThanOrEqual(50);
        return `${keyword} ${r.total}: ${r.hits
          .map((h) => h.id)
          .sort()
          .join(' ')}`;
      }),
    );
  const queued = async () =>
    Number(
      (await sql<{ n: number | string }>`SELECT count(*) AS n FROM search_rebuild`.execute(t.db.kysely))
        .rows[0]?.n,
    );

  it('writes every queued document again from the content, tags included, and empties the queue', async () => {
    const before = await totals();
    expect(before.filter((line) => line.includes(' 0:'))).toEqual([]);
    const documents = await t.search.count();
    // What migration 2026112604 does to an existing database.
    await addSearchGrams(t.db.kysely, kind);
    expect(await queued()).toBe(documents);
    if (kind === 'sqlite') {
      // The FTS5 tables were made again, empty: nothing is found until the rebuild.
      expect((await t.search.search({ keyword: '瑞幸', sort: 'new', page: 1, pageSize: 20 })).total).toBe(0);
    }
    expect(await rebuildSearchIndex({ db: t.db, search: t.search, clock: t.clock })).toBe(documents);
    expect(await queued()).toBe(0);
    expect(await t.search.count()).toBe(documents);
    expect(await totals()).toEqual(before);
    // A second start finds nothing left to do.
    expect(await rebuildSearchIndex({ db: t.db, search: t.search, clock: t.clock })).toBe(0);
  }, 120_000);

  it('writes every insight topic again after migration 2026113003, its 分析目标 no more said twice', async () => {
    const topics = await t.db.kysely.selectFrom('analyses').selectAll().execute();
    const topic = topics.find((row) => row.description.startsWith(row.target) && row.target !== '');
    if (!topic) {
      throw new Error('the demo library has no topic whose description opens with its 分析目标');
    }
    const id = searchDocId('insight', topic.id);
    // The body as it was indexed before: description, then the 分析目标 again.
    await t.search.upsert([
      {
        id,
        type: 'insight',
        title: topic.title,
        body: `${topic.description}\n${topic.target}`,
        tags: [],
        publishedAt: new Date(topic.published_at),
        hot: 0,
      },
    ]);
    const snippet = async () => {
      const r = await t.search.search({
        keyword: topic.target,
        types: ['insight'],
        sort: 'new',
        page: 1,
        pageSize: 50,
      });
      const hit = r.hits.find((h) => h.id === id);
      return (hit?.highlight?.snippet ?? '').replace(/<\/?em>/g, '');
    };
    expect((await snippet()).split(topic.target).length - 1).toBe(2);

    await queueTopicBodies(t.db.kysely);
    const insights = (await t.search.search({ types: ['insight'], sort: 'new', page: 1, pageSize: 50 }))
      .total;
    expect(await queued()).toBe(insights);
    expect(await rebuildSearchIndex({ db: t.db, search: t.search, clock: t.clock })).toBe(insights);
    expect((await snippet()).split(topic.target).length - 1).toBe(1);
  }, 120_000);
});
