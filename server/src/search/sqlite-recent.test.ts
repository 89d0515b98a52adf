import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createSearchSchema } from './search.schema.ts';
import type { SearchDoc } from './search.types.ts';
import { createSqliteSearchIndex } from './sqlite-search-index.ts';

/** Enough documents for the 5,000-match relevance window, in shuffled publish order. */
function corpus(n: number): SearchDoc[] {
  const docs: SearchDoc[] = [];
  for (let i = 0; i < n; i++) {
    const repeat = 1 + ((i * 7) % 5);
    docs.push({
      id: `d${i}`,
      type: i % 3 === 0 ? 'report' : 'business',
      title: i % 3 === 0 ? `电池专题${i}` : `行业观察${i}`,
      body: `${'电池'.repeat(repeat)}产业链${'材料'.repeat(6 - repeat)}。`,
      publishedAt: new Date(Date.UTC(2025, 0, 1) + ((i * 7919) % n) * 3_600_000),
      hot: i % 97,
    });
  }
  return docs;
}

async function open(recentDocs: number) {
  const db = new Database(':memory:');
  await createSearchSchema(new Kysely<unknown>({ dialect: new SqliteDialect({ database: db }) }), 'sqlite');
  return { db, index: createSqliteSearchIndex({ db, readers: 0, recentDocs }) };
}

describe('search_recent_fts', () => {
  it('holds every document from its oldest one up, at least the newest, through inserts, back-fills, moves and removals', async () => {
    const { db, index } = await open(500);
    const docs = corpus(3_000);
    const recentRows = () =>
      db.prepare('SELECT rowid FROM search_recent_fts ORDER BY rowid DESC').pluck().all() as number[];
    const docsFrom = (ord: number) =>
      db.prepare('SELECT ord FROM search_docs WHERE ord >= ? ORDER BY ord DESC').pluck().all(ord) as number[];
    const holdsNewest = () => {
      const recent = recentRows();
      expect(recent.length).toBeGreaterThanOrEqual(500);
      expect(recent.length).toBeLessThanOrEqual(1_000 + 700);
      expect(recent).toEqual(docsFrom(recent.at(-1)!));
    };
    for (let i = 0; i < docs.length; i += 700) {
      await index.upsert(docs.slice(i, i + 700));
      holdsNewest();
    }
    await index.upsert([{ ...docs[5]!, publishedAt: new Date(Date.UTC(2030, 0, 1)) }]);
    await index.remove(['d7', 'd8']);
    holdsNewest();
  });

  it('admits only documents newer than the whole index once every recent one was removed', async () => {
    const { db, index } = await open(50);
    const docs = corpus(200);
    await index.upsert(docs);
    const recent = db.prepare('SELECT rowid FROM search_recent_fts').pluck().all() as number[];
    const ids = db
      .prepare(`SELECT doc_id FROM search_docs WHERE ord IN (${recent.join(',')})`)
      .pluck()
      .all() as string[];
    await index.remove(ids);
    await index.upsert([
      { ...docs[0]!, id: 'old', publishedAt: new Date(Date.UTC(2020, 0, 1)) },
      { ...docs[0]!, id: 'new', publishedAt: new Date(Date.UTC(2031, 0, 1)) },
    ]);
    const left = db.prepare('SELECT rowid FROM search_recent_fts').pluck().all() as number[];
    const newest = db.prepare('SELECT max(ord) FROM search_docs').pluck().get() as number;
    expect(left).toEqual([newest]);
  });

  it('ranks the same whether a window is scored in the recent or the full tables', async () => {
    const docs = corpus(7_000);
    // 6,500 recent documents hold the newest 2,000 title matches of 电池 (one title in
    // three) and the newest 5,000 matches of 材料 (every body, no title).
    const small = await open(6_500);
    const large = await open(100_000);
    for (let i = 0; i < docs.length; i += 1000) {
      await small.index.upsert(docs.slice(i, i + 1000));
      await large.index.upsert(docs.slice(i, i + 1000));
    }
    for (const [keyword, page] of [
      ['电池', 1],
      ['电池', 20],
      ['材料', 1],
      ['材料', 20],
    ] as const) {
      const a = await small.index.search({ keyword, sort: 'relevance', page, pageSize: 50 });
      const b = await large.index.search({ keyword, sort: 'relevance', page, pageSize: 50 });
      expect(a.hits).toHaveLength(50);
      expect(a.hits.map((h) => h.id)).toEqual(b.hits.map((h) => h.id));
      expect(a.total).toBe(b.total);
    }
    const battery = await small.index.search({ keyword: '电池', sort: 'relevance', page: 1, pageSize: 50 });
    expect(battery.hits.every((h) => Number(h.id.slice(1)) % 3 === 0)).toBe(true);
  });
});
