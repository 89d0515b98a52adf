import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DOCS, FIXTURE_USER_WORDS } from './fixtures/search-corpus.ts';
import { HOSTILE_QUERIES, RANKING_CASES, TITLE_FIRST_QUERIES } from './fixtures/search-queries.ts';
import { createPgSearchIndex } from './pg-search-index.ts';
import { MAX_OFFSET, MAX_PAGE_SIZE } from './search-plan.ts';
import { createSearchSchema, dropSearchSchema } from './search.schema.ts';
import type { SearchIndex, SearchQuery, SearchResult } from './search.types.ts';
import { loadUserWords } from './segmenter.ts';
import { createSqliteSearchIndex } from './sqlite-search-index.ts';

/** A search index on a fresh database, and how to throw the database away. */
type Backend = { index: SearchIndex; dispose: () => Promise<void> };

async function sqliteBackend(readers: number): Promise<Backend> {
  const dir = mkdtempSync(join(tmpdir(), 'search-test-'));
  const db = new Database(join(dir, 'search.db'));
  const kysely = new Kysely<unknown>({ dialect: new SqliteDialect({ database: db }) });
  await createSearchSchema(kysely, 'sqlite');
  const index = createSqliteSearchIndex({ db, readers, product: 'insight' });
  return {
    index,
    async dispose() {
      await index.close();
      await dropSearchSchema(kysely, 'sqlite');
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function pgBackend(url: string): Promise<Backend> {
  const schema = `search_test_${process.pid}_${Date.now().toString(36)}`;
  const pool = new pg.Pool({ connectionString: url, max: 3, options: `-c search_path=${schema}` });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  await sql.raw(`CREATE SCHEMA ${schema}`).execute(db);
  await createSearchSchema(db, 'postgres');
  const index = createPgSearchIndex({ db, product: 'insight' });
  return {
    index,
    async dispose() {
      await dropSearchSchema(db, 'postgres');
      await sql.raw(`DROP SCHEMA ${schema} CASCADE`).execute(db);
      await db.destroy();
    },
  };
}

const backends: [string, () => Promise<Backend>][] = [
  ['SQLite', () => sqliteBackend(0)],
  ['SQLite with reader threads', () => sqliteBackend(1)],
];
const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  backends.push(['PostgreSQL', () => pgBackend(pgUrl)]);
}

const BACKFILLED = 'b-backfill-old';
const q = (keyword: string | undefined, extra: Partial<SearchQuery> = {}): SearchQuery => ({
  keyword,
  sort: 'relevance',
  page: 1,
  pageSize: 20,
  ...extra,
});
const ids = (r: SearchResult) => r.hits.map((h) => h.id);
const docById = new Map(FIXTURE_DOCS.map((d) => [d.id, d]));

describe.each(backends)('search index on %s', (_name, open) => {
  let backend: Backend;
  let index: SearchIndex;

  beforeAll(async () => {
    loadUserWords(FIXTURE_USER_WORDS);
    backend = await open();
    index = backend.index;
    // The back-filled item arrives last but was published first.
    await index.upsert(FIXTURE_DOCS.filter((d) => d.id !== BACKFILLED));
    await index.upsert(FIXTURE_DOCS.filter((d) => d.id === BACKFILLED));
  });
  afterAll(async () => {
    await backend?.dispose();
  });

  it('holds every fixture document', async () => {
    expect(await index.count()).toBe(FIXTURE_DOCS.length);
  });

  it.each(RANKING_CASES)('ranks $first first for "$query" ($why)', async ({ query, first }) => {
    const result = await index.search(q(query));
    expect(result.fallback).toBe(false);
    expect(result.hits[0]?.id).toBe(first);
    expect(result.total).toBe(result.hits.length);
  });

  it.each(TITLE_FIRST_QUERIES)(
    'puts title and tag matches before body-only matches for "%s"',
    async (query) => {
      const result = await index.search(q(query));
      const inTitle = result.hits.map((h) => {
        const doc = docById.get(h.id);
        return `${doc?.title ?? ''} ${(doc?.tags ?? []).join(' ')}`
          .toLowerCase()
          .includes(query.toLowerCase());
      });
      expect(inTitle).toContain(true);
      expect(inTitle).toContain(false);
      // Once a body-only hit appears, no title hit may follow.
      expect(inTitle.slice(inTitle.indexOf(false))).not.toContain(true);
    },
  );

  it('requires every word, and falls back to any word when none holds all', async () => {
    const both = await index.search(q('宁德时代 匈牙利'));
    expect(both.fallback).toBe(false);
    expect(ids(both)).toEqual(['b-catl-europe']);

    const none = await index.search(q('固态电池 咖啡'));
    expect(none.fallback).toBe(true);
    expect(ids(none)).toContain('r-solid-state');
    expect(ids(none)).toContain('b-luckin-q3');
    expect(none.total).toBe(none.hits.length);

    const nothing = await index.search(q('量子纠缠 暗物质'));
    expect(nothing).toMatchObject({ hits: [], total: 0, fallback: false });
  });

  it('sorts by publish time, newest first, with back-filled items in their place', async () => {
    const result = await index.search(q('新能源汽车', { sort: 'new' }));
    const times = result.hits.map((h) => h.publishedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(ids(result).at(-1)).toBe(BACKFILLED);
    expect(result.hits.every((h) => h.score === null)).toBe(true);

    const all = await index.search(q(undefined, { sort: 'new', pageSize: 50 }));
    expect(all.hits[0]?.id).toBe('b-luckin-q3');
    expect(all.total).toBe(FIXTURE_DOCS.length);
  });

  it('sorts by hot score and follows setHot', async () => {
    const before = await index.search(q(undefined, { sort: 'hot', pageSize: 3 }));
    expect(ids(before)).toEqual(['b-shein-ipo', 'b-popmart', 'b-byd-sales']);
    await index.setHot('m-pet-screen', 10_000);
    expect((await index.search(q(undefined, { sort: 'hot', pageSize: 1 }))).hits[0]?.id).toBe('m-pet-screen');
    const pets = await index.search(q('宠物', { sort: 'hot' }));
    expect(pets.hits[0]?.id).toBe('m-pet-screen');
    expect(pets.hits.length).toBeGreaterThan(3);
  });

  it('filters by type and names hits with the spec _index', async () => {
    const reports = await index.search(q('新能源汽车', { types: ['report'] }));
    expect(ids(reports)).toContain('r-nev-2026');
    expect(reports.hits.every((h) => h.type === 'report' && h.index === 'insight_report')).toBe(true);

    const materials = await index.search(
      q(undefined, { types: ['material', 'analysis_material'], pageSize: 50 }),
    );
    const expected = FIXTURE_DOCS.filter(
      (d) => d.type === 'material' || d.type === 'analysis_material',
    ).length;
    expect(materials.total).toBe(expected);
    expect(new Set(materials.hits.map((h) => h.index))).toEqual(
      new Set(['mockup_open_screen', 'mockup_open_screen_analysis']),
    );

    const headlines = await index.search(q('直播', { types: ['business'], sort: 'hot' }));
    expect(headlines.hits.length).toBeGreaterThan(0);
    expect(headlines.hits.every((h) => h.index === 'insight_business')).toBe(true);
  });

  it.each(
    HOSTILE_QUERIES.map((s) => [
      s.length > 40 ? `${s.slice(0, 20)}… (${s.length} chars)` : JSON.stringify(s),
      s,
    ]),
  )('survives the hostile keyword %s', async (_label, keyword) => {
    for (const sort of ['relevance', 'new', 'hot'] as const) {
      const result = await index.search(q(keyword, { sort }));
      expect(Array.isArray(result.hits)).toBe(true);
      expect(result.total).toBeGreaterThanOrEqual(result.hits.length);
    }
  });

  it('leaves the tables intact after SQL-looking keywords', async () => {
    await index.search(q("'; DROP TABLE search_docs; --"));
    expect(await index.count()).toBe(FIXTURE_DOCS.length);
    expect((await index.search(q('储能'))).hits[0]?.id).toBe('r-energy-storage');
  });

  it('never matches the type tokens the index keeps beside the text', async () => {
    for (const keyword of ['kreport', 'kbusiness 储能', '~kreport']) {
      const result = await index.search(q(keyword));
      expect(
        result.hits.every(
          (h) => h.highlight?.title.includes('<em>') || h.highlight?.snippet.includes('<em>'),
        ),
      ).toBe(true);
      expect(result.total).toBeLessThan(FIXTURE_DOCS.length);
    }
  });

  it('answers a keyword made only of punctuation with nothing', async () => {
    expect(await index.search(q('！？，。…'))).toMatchObject({ hits: [], total: 0, fallback: false });
  });

  it('pages without overlap and bounds page and page size', async () => {
    const first = await index.search(q('新能源汽车', { pageSize: 2 }));
    const second = await index.search(q('新能源汽车', { pageSize: 2, page: 2 }));
    expect(first.total).toBeGreaterThan(4);
    expect(ids(first)).toHaveLength(2);
    expect(ids(second).filter((id) => ids(first).includes(id))).toEqual([]);

    const past = await index.search(q('新能源汽车', { pageSize: 2, page: 1 + Math.ceil(first.total / 2) }));
    expect(past.hits).toEqual([]);
    expect(past.total).toBe(first.total);

    const tiny = await index.search(q(undefined, { pageSize: 0 }));
    expect(tiny.pageSize).toBe(1);
    expect(tiny.hits).toHaveLength(1);
    const huge = await index.search(q(undefined, { pageSize: 10_000 }));
    expect(huge.pageSize).toBe(MAX_PAGE_SIZE);
    expect(huge.hits).toHaveLength(MAX_PAGE_SIZE);
    for (const page of [0, -3, Number.NaN, 1.7]) {
      const r = await index.search(q(undefined, { page, pageSize: 5 }));
      expect(r.page).toBe(1);
      expect(ids(r)).toEqual(ids(await index.search(q(undefined, { pageSize: 5 }))));
    }
    const deep = await index.search(q(undefined, { page: MAX_OFFSET, pageSize: 50 }));
    expect(deep.hits).toEqual([]);
    expect(deep.total).toBe(FIXTURE_DOCS.length);
  });

  it('escapes HTML in highlights and wraps matched terms in <em>', async () => {
    const result = await index.search(q('安全测试'));
    const hit = result.hits[0];
    expect(hit?.id).toBe('b-securities-xss');
    expect(hit?.highlight?.title).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<em>安全测试</em>标题 &amp; 特殊字符',
    );
    expect(hit?.highlight?.title).not.toContain('<script>');

    const gpu = await index.search(q('gpu'));
    expect(gpu.hits[0]?.highlight?.title).toContain('高端<em>GPU</em>出口');
  });

  it('browses without highlights, so no body is read for a list page', async () => {
    const result = await index.search(q(undefined, { sort: 'new' }));
    expect(result.hits.length).toBeGreaterThan(0);
    expect(result.hits.every((h) => h.highlight === null)).toBe(true);
  });

  it('cuts a snippet around the first match deep in a long body', async () => {
    const hit = (await index.search(q('折叠屏'))).hits[0];
    expect(hit?.highlight?.snippet.startsWith('…')).toBe(true);
    expect(hit?.highlight?.snippet).toContain('<em>折叠屏</em>手机出货量逆势增长');
    expect(hit?.highlight?.snippet.replace(/<\/?em>/g, '').length).toBeLessThanOrEqual(122);
  });

  it('replaces a document on upsert and forgets it on remove', async () => {
    const old = docById.get('b-smart-home');
    if (!old) {
      throw new Error('fixture missing');
    }
    await index.upsert([
      { ...old, title: '全屋智能互联标准发布', body: '统一协议让不同品牌的家电互联互通。' },
    ]);
    expect(await index.count()).toBe(FIXTURE_DOCS.length);
    expect(ids(await index.search(q('全屋智能')))).toEqual(['b-smart-home']);
    expect(ids(await index.search(q('智能家居')))).toEqual([]);

    await index.upsert([{ ...old, publishedAt: new Date('2020-01-01T00:00:00Z') }]);
    expect(ids(await index.search(q(undefined, { sort: 'new', pageSize: 50, page: 2 }))).at(-1)).toBe(
      'b-smart-home',
    );

    await index.remove(['b-smart-home', 'no-such-id']);
    expect(await index.count()).toBe(FIXTURE_DOCS.length - 1);
    expect(ids(await index.search(q('智能家居')))).toEqual([]);
    await index.upsert([old]);
  });

  it('cuts snippets of long reports from the lead, or past it from the body, and forgets old leads', async () => {
    const report = {
      id: 'r-long-lead',
      type: 'report' as const,
      title: '电池技术年度观察',
      tags: [],
      publishedAt: new Date('2026-03-02T08:00:00Z'),
      hot: 0,
    };
    const snippet = (r: SearchResult) => r.hits.find((h) => h.id === report.id)?.highlight?.snippet ?? '';
    const plain = (r: SearchResult) => snippet(r).replace(/<\/?em>/g, '');
    await index.upsert([
      {
        ...report,
        body: `${'甲'.repeat(300)}固态电池量产${'乙'.repeat(640)}储能电站示范${'丙'.repeat(57)}标记${'丙'.repeat(3000)}光伏组件突破${'丁'.repeat(50)}`,
      },
    ]);
    // Early in the lead; near its end (the window runs past it); far past it, in the body.
    expect(plain(await index.search(q('固态电池')))).toContain('甲固态电池量产乙');
    // (标记 lies past the lead's 1,000 characters: that window is cut from the body.)
    expect(plain(await index.search(q('储能电站')))).toContain(`乙储能电站示范${'丙'.repeat(57)}标记`);
    const deep = await index.search(q('光伏组件'));
    expect(plain(deep)).toContain('丙光伏组件突破丁');
    expect(snippet(deep)).toContain('<em>');

    // Same publish second: the row is updated in place, and its old lead must not linger.
    await index.upsert([{ ...report, body: `${'戊'.repeat(1200)}固态电池回收${'己'.repeat(20)}` }]);
    const again = await index.search(q('固态电池'));
    expect(plain(again)).toContain('戊固态电池回收己');
    expect(plain(again)).not.toContain('量产');
    await index.remove(['r-long-lead']);
    expect(ids(await index.search(q('固态电池')))).not.toContain(report.id);
  });
});
