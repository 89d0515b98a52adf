import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

async function open(recentDocs: number, bulkBatch?: number) {
  const db = new Database(':memory:');
  await createSearchSchema(new Kysely<unknown>({ dialect: new SqliteDialect({ database: db }) }), 'sqlite');
  return {
    db,
    index: createSqliteSearchIndex({ db, readers: 0, recentDocs, ...(bulkBatch ? { bulkBatch } : {}) }),
  };
}

/** Rowids of the recent table, and of search_fts from its oldest one up, for a MATCH: equal when it is right. */
function recentAgrees(db: Database.Database, match: string): void {
  const recent = db
    .prepare('SELECT rowid FROM search_recent_fts WHERE search_recent_fts MATCH ? ORDER BY rowid')
    .pluck()
    .all(match) as number[];
  const oldest = db.prepare('SELECT min(rowid) FROM search_recent_fts').pluck().get() as number | null;
  const full =
    oldest === null
      ? []
      : (db
          .prepare('SELECT rowid FROM search_fts WHERE search_fts MATCH ? AND rowid >= ? ORDER BY rowid')
          .pluck()
          .all(match, oldest) as number[]);
  expect(recent).toEqual(full);
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

  describe('during a bulk load', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    const rows = (db: Database.Database) =>
      db.prepare('SELECT rowid FROM search_recent_fts ORDER BY rowid DESC').pluck().all() as number[];
    const newestOrds = (db: Database.Database, n: number) =>
      db.prepare('SELECT ord FROM search_docs ORDER BY ord DESC LIMIT ?').pluck().all(n) as number[];
    const words = ['电池', '材料', '专题', '观察', '改写', '电池 材料'];

    it('stays empty while bulk batches come, then holds the newest documents with their tokens; searches agree throughout', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate'] });
      const bulk = await open(500, 1_000);
      const live = await open(500, 1_000_000);
      const docs = corpus(3_000);
      const search = async (index: typeof bulk.index, keyword: string) => {
        const r = await index.search({ keyword, sort: 'relevance', page: 1, pageSize: 20 });
        return [r.total, r.hits.map((h) => h.id).sort()];
      };
      for (let i = 0; i < docs.length; i += 1_000) {
        await bulk.index.upsert(docs.slice(i, i + 1_000));
        await live.index.upsert(docs.slice(i, i + 1_000));
        // Empty, so readers rank in the full tables.
        expect(rows(bulk.db)).toEqual([]);
        expect(await search(bulk.index, '电池')).toEqual(await search(live.index, '电池'));
      }
      // A second after the last bulk batch, one fill step: the newest 250, every one from its oldest up.
      vi.advanceTimersByTime(1_000);
      expect(rows(bulk.db)).toEqual(newestOrds(bulk.db, 250));
      // Writes while it fills: a new newest document enters at once; one below the floor is
      // rewritten (same publish second, same rowid) and filled later with its new tokens.
      const below = newestOrds(bulk.db, 400).at(-1)!;
      const belowId = bulk.db
        .prepare('SELECT doc_id FROM search_docs WHERE ord = ?')
        .pluck()
        .get(below) as string;
      const rewritten = { ...docs[Number(belowId.slice(1))]!, title: '改写标题' };
      const fresh = { ...docs[0]!, id: 'fresh', publishedAt: new Date(Date.UTC(2031, 0, 1)) };
      await bulk.index.upsert([rewritten, fresh]);
      await live.index.upsert([rewritten, fresh]);
      expect(rows(bulk.db)).toEqual(newestOrds(bulk.db, 251));
      for (const w of words) {
        recentAgrees(bulk.db, w);
      }
      vi.runAllTimers();
      expect(rows(bulk.db)).toEqual(newestOrds(bulk.db, 500));
      for (const w of words) {
        recentAgrees(bulk.db, w);
      }
      expect(
        bulk.db
          .prepare("SELECT rowid FROM search_recent_fts WHERE search_recent_fts MATCH '改写'")
          .pluck()
          .all(),
      ).toEqual([below]);
      for (const w of words) {
        expect(await search(bulk.index, w)).toEqual(await search(live.index, w));
      }
      expect(bulk.db.prepare('SELECT count(*) FROM temp.search_recent_pending').pluck().get()).toBe(0);
    });

    it('waits while another transaction is open on the connection', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate'] });
      const { db, index } = await open(500, 1_000);
      await index.upsert(corpus(1_000));
      db.exec('BEGIN');
      vi.advanceTimersByTime(1_000);
      expect(rows(db)).toEqual([]);
      db.exec('COMMIT');
      vi.advanceTimersByTime(1_000);
      expect(rows(db)).toEqual(newestOrds(db, 250));
      vi.runAllTimers();
      expect(rows(db)).toEqual(newestOrds(db, 500));
    });

    it('fills only down to the first document written before the load', async () => {
      const { db, index } = await open(500, 1_000);
      const docs = corpus(3_000);
      // Written first, in small batches, and older than all but the newest 100 of the load.
      const early = docs.slice(0, 1_000);
      for (let i = 0; i < early.length; i += 100) {
        await index.upsert(early.slice(i, i + 100));
      }
      const byTime = [...docs.slice(1_000)].sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime());
      await index.upsert(byTime.slice(0, 1_000));
      await index.upsert(byTime.slice(1_000));
      await index.settle?.();
      const held = rows(db);
      expect(held).toEqual(newestOrds(db, held.length));
      // Stopped at the newest early document that is not among the load's.
      const earlyOrds = new Set(
        db
          .prepare(`SELECT ord FROM search_docs WHERE doc_id IN (${early.map((d) => `'${d.id}'`).join(',')})`)
          .pluck()
          .all() as number[],
      );
      const newestEarly = Math.max(...earlyOrds);
      expect(held.every((ord) => ord > newestEarly)).toBe(true);
      expect(held.length).toBe(newestOrds(db, 3_000).findIndex((ord) => earlyOrds.has(ord)));
      for (const w of words) {
        recentAgrees(db, w);
      }
      // Back to the live rule: a new newest document enters.
      await index.upsert([{ ...docs[1]!, id: 'later', publishedAt: new Date(Date.UTC(2032, 0, 1)) }]);
      expect(rows(db)).toEqual(newestOrds(db, held.length + 1));
    });
  });
});
