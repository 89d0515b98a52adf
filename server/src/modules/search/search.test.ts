import { MSG, ZSearchReply, type TSearchReply } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { QUERY_CASES } from './search-queries.fixture.ts';

const HOSTILE = [
  '"',
  '""',
  '"新能源',
  '*',
  '新能源*',
  'OR',
  '新能源 OR 光伏',
  'AND NOT',
  'NEAR(',
  'NEAR(新能源 光伏, 2)',
  '-',
  '-新能源',
  'title:白酒',
  "'; DROP TABLE reports; --",
  '\\',
  '%_%',
  '😀🚗',
  '新能源汽车😀',
  '()[]{}^~:',
  '宁'.repeat(10_000),
  'a '.repeat(5_000),
];

describe.each(testDatabases())('search API on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, { demoReports: 4 });
    token = (await login(t, '13800000001')).token;
  }, 120_000);
  afterAll(() => t.close());

  const search = async (payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/search', headers: { token }, payload });
    return {
      status: res.statusCode,
      body: res.json<{ code: number; message: string; data: TSearchReply }>(),
    };
  };
  const ok = async (payload: Record<string, unknown>): Promise<TSearchReply> => {
    const { status, body } = await search(payload);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.code).toBe(0);
    // The route has no response schema: the reply must be the contract exactly (parsing strips
    // unknown keys, so anything extra would make the two differ).
    const reply = ZSearchReply.parse(body.data);
    expect(reply).toStrictEqual(body.data);
    return reply;
  };

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/search', payload: { keyword: '白酒' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: -1, message: MSG.unauthorized, data: null });
    const label = await t.app.inject({ method: 'GET', url: '/api/search/label?pagetype=home' });
    expect(label.statusCode).toBe(401);
  });

  it('answers Elasticsearch-shaped hits with total.value', async () => {
    const reply = await ok({ tn: 'all', keyword: '新能源汽车', page: 1, page_size: 20, source: 'PC' });
    expect(reply.total.value).toBeGreaterThan(10);
    expect(reply.total.relation).toBe('eq');
    expect(reply.psort).toBe('relevance');
    expect(reply.fallback).toBe(false);
    expect(reply.data).toHaveLength(20);
    for (const hit of reply.data) {
      expect(hit._id).toMatch(/^[1-9][0-9]*$/);
      expect(['portal_report', 'portal_business', 'portal_insight', 'mockup_open_screen']).toContain(
        hit._index,
      );
      expect(hit._source.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(hit._source.time_format).not.toBe('');
      expect(hit._source.highlight?.title).toBeDefined();
      expect(hit.favorite_status).toBe(0);
    }
    const report = reply.data.find((h) => h._index === 'portal_report');
    expect(report?._source.cover).toMatch(/^\/files\/demo\/reports\/.+\/cover\.png$/);
  });

  it('sends a page again, from the read cache, as the same JSON', async () => {
    const payload = { tn: 'all', keyword: '动力电池', page: 1 };
    const send = () => t.app.inject({ method: 'POST', url: '/api/search', headers: { token }, payload });
    const [first, again] = [await send(), await send()];
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    expect(ZSearchReply.parse(again.json<{ data: unknown }>().data).data.length).toBeGreaterThan(0);
  });

  it('lists without a keyword newest first, with no highlight', async () => {
    const reply = await ok({ tn: 'business', type: 'home' });
    expect(reply.psort).toBe('new');
    const times = reply.data.map((h) => h._source.create_time);
    expect(times.length).toBeGreaterThan(1);
    expect([...times].sort().reverse()).toEqual(times);
    expect(reply.data.every((h) => h._source.highlight === undefined)).toBe(true);
    expect(reply.data[0]?._source.time_format).toMatch(/分钟前|小时前|刚刚/);
  });

  it('takes turns among the types in home’s 全部, reports first, never repeating across pages', async () => {
    const tabTotals = await Promise.all(
      ['report', 'business', 'insight', 'material'].map(
        async (tn) => (await ok({ tn, type: 'home' })).total.value,
      ),
    );
    const pages = [];
    for (const page of [1, 2, 3]) {
      pages.push(await ok({ tn: 'all', type: 'home', page, page_size: 10 }));
    }
    const first = pages[0]!;
    // Every type's items are counted, as each type's own tab counts them.
    expect(first.total.value).toBe(tabTotals.reduce((a, b) => a + b, 0));
    expect(first.data[0]?._index).toBe('portal_report');
    expect(new Set(first.data.slice(0, 4).map((h) => h._index))).toEqual(
      new Set(['portal_report', 'portal_business', 'portal_insight', 'mockup_open_screen']),
    );
    const all = pages.flatMap((p) => p.data);
    expect(new Set(all.map((h) => `${h._index}/${h._id}`)).size).toBe(all.length);
    // Within a type, newest first.
    const headlines = all.filter((h) => h._index === 'portal_business').map((h) => h._source.create_time);
    expect([...headlines].sort().reverse()).toEqual(headlines);
  });

  it('refuses an unknown tab or page type with the Chinese message', async () => {
    expect(await search({ tn: 'video', keyword: 'x' })).toEqual({
      status: 400,
      body: { code: -1, message: MSG.unknownTab, data: null },
    });
    expect(await search({ type: 'nowhere' })).toEqual({
      status: 400,
      body: { code: -1, message: MSG.unknownPageType, data: null },
    });
  });

  it.each(HOSTILE.map((q) => [q.length > 40 ? `${q.slice(0, 20)}… (${q.length} chars)` : q, q]))(
    'never fails on the keyword %s',
    async (_label, keyword) => {
      for (const psort of [undefined, 'new', 'hot']) {
        const reply = await ok({ keyword, ...(psort ? { psort } : {}) });
        expect(reply.total.value).toBeGreaterThanOrEqual(0);
      }
    },
  );

  it('refuses a keyword holding a control character, as every text field does', async () => {
    expect(await search({ keyword: '新能源\u0000' })).toEqual({
      status: 400,
      body: { code: -1, message: MSG.controlChar, data: null },
    });
  });

  it('pages: past the end is empty with the same total; page size over 50 is refused', async () => {
    const first = await ok({ keyword: '数据看板', page_size: 3 });
    expect(first.total.value).toBe(3);
    const past = await ok({ keyword: '数据看板', page_size: 3, page: 2 });
    expect(past.data).toEqual([]);
    expect(past.total.value).toBe(3);
    const deep = await ok({ keyword: '新能源汽车', page: 500 });
    expect(deep.data).toEqual([]);
    expect(deep.total.value).toBe((await ok({ keyword: '新能源汽车' })).total.value);
    expect((await search({ page_size: 51 })).status).toBe(400);
    expect((await search({ page: 0 })).status).toBe(400);
    expect((await search({ page: 501 })).status).toBe(400);
    const pages = [await ok({ tn: 'business', page: 1 }), await ok({ tn: 'business', page: 2 })];
    const ids = pages.flatMap((p) => p.data.map((h) => h._id));
    expect(new Set(ids).size).toBe(40);
  });

  it('sorts by new and by hot', async () => {
    const fresh = await ok({ keyword: '白酒', psort: 'new', page_size: 50 });
    expect(fresh.psort).toBe('new');
    const times = fresh.data.map((h) => h._source.create_time);
    expect([...times].sort().reverse()).toEqual(times);

    // The oldest 白酒 item becomes the most read: 最热 puts it first, 最新 leaves it last.
    const oldest = fresh.data.at(-1);
    if (!oldest) {
      throw new Error('no hits');
    }
    const type = {
      portal_report: 'report',
      portal_business: 'business',
      portal_insight: 'insight',
      mockup_open_screen: 'material',
    } as const;
    await t.content.bump(
      { type: type[oldest._index as keyof typeof type], id: Number(oldest._id) },
      'views',
      1_000_000,
    );
    const hot = await ok({ keyword: '白酒', psort: 'hot' });
    expect(hot.psort).toBe('hot');
    expect(hot.data[0]?._id).toBe(oldest._id);
    // 推荐, the search page's first sort, is relevance with a keyword (hot without one).
    const recommend = await ok({ keyword: '白酒', psort: 'recommend' });
    expect(recommend.psort).toBe('recommend');
    const ids = (r: TSearchReply) => r.data.map((h) => h._id);
    expect(ids(recommend)).toEqual(ids(await ok({ keyword: '白酒' })));
    expect(ids(recommend)).not.toEqual(ids(hot));
    expect((await ok({ tn: 'business', psort: 'recommend' })).data[0]?._id).toBe(
      (await ok({ tn: 'business', psort: 'hot' })).data[0]?._id,
    );
    expect((await ok({ keyword: '白酒', psort: 'new' })).data.at(-1)?._id).toBe(oldest._id);
  });

  it('falls back from every word to any word and says so', async () => {
    const strict = await ok({ keyword: '霸王茶姬 伯牙绝弦' });
    expect(strict.fallback).toBe(false);
    const loose = await ok({ keyword: '霸王茶姬 贵州茅台' });
    expect(loose.fallback).toBe(true);
    expect(loose.total.value).toBeGreaterThan(0);
  });

  it('highlights matched words in HTML-escaped title and snippet', async () => {
    await t.content.addHeadlines([
      {
        title: '量子通信<b>专题</b> & "观察"',
        description: '量子通信产业链梳理',
        content: '<p>量子通信<script>alert(1)</script>正在走向商用。</p>',
        source_name: '测试来源',
        source_url: 'https://example.com/q',
        published_at: t.clock.now().getTime() - 60_000,
      },
    ]);
    // Sanitised on write: what is stored has no script.
    const stored = await t.db.kysely
      .selectFrom('headlines')
      .select('content')
      .where('source_name', '=', '测试来源')
      .executeTakeFirst();
    expect(stored?.content).toBe('<p>量子通信正在走向商用。</p>');
    const reply = await ok({ keyword: '量子通信' });
    const hit = reply.data[0];
    expect(hit?._source.title).toBe('量子通信<b>专题</b> & "观察"');
    expect(hit?._source.highlight?.title).toContain('<em>量子通信</em>');
    expect(hit?._source.highlight?.title).toContain('&lt;b&gt;');
    expect(hit?._source.highlight?.title).not.toContain('<b>');
    expect(hit?._source.highlight?.content).toContain('<em>量子通信</em>');
    expect(hit?._source.highlight?.content).not.toContain('<script');
  });

  it('filters by tab', async () => {
    const expected = {
      report: 'portal_report',
      business: 'portal_business',
      insight: 'portal_insight',
      material: 'mockup_open_screen',
    };
    for (const [tn, index] of Object.entries(expected)) {
      const reply = await ok({ tn, keyword: '比亚迪', page_size: 50 });
      expect(reply.data.length, tn).toBeGreaterThan(0);
      expect(
        reply.data.every((h) => h._index === index),
        tn,
      ).toBe(true);
    }
    const all = await ok({ tn: 'all', keyword: '比亚迪', page_size: 50 });
    expect(new Set(all.data.map((h) => h._index)).size).toBeGreaterThan(2);
    // On the report page, 全部 means reports.
    const reportPage = await ok({ tn: 'all', type: 'report', page_size: 50 });
    expect(reportPage.total.value).toBe(4);
    expect(reportPage.data.every((h) => h._index === 'portal_report')).toBe(true);
    expect((await ok({ tn: 'material', page_size: 50 })).data.every((h) => h._source.material_type)).toBe(
      true,
    );
    expect((await ok({ tn: 'insight', page_size: 50 })).data.every((h) => h._source.anal_data_ext)).toBe(
      true,
    );
  });

  it("lists a company's reports on its tab, with or without a keyword", async () => {
    const org = await t.db.kysely
      .selectFrom('organisations')
      .select('id')
      .where('name', '=', '宁德时代')
      .executeTakeFirstOrThrow();
    const list = await ok({ tn: 'company_report', type: 'organ', id: org.id });
    expect(list.total.value).toBeGreaterThan(0);
    expect(list.data.every((h) => h._index === 'portal_report' && h._source.publisher === '宁德时代')).toBe(
      true,
    );
    const found = await ok({ tn: 'company_report', type: 'organ', id: org.id, keyword: '宁德时代' });
    expect(found.data.map((h) => h._id)).toEqual(list.data.map((h) => h._id));
    expect(found.data[0]?._source.highlight?.title).toContain('<em>');
    expect(
      (await ok({ tn: 'company_report', type: 'organ', id: org.id, keyword: '白酒茅台' })).total.value,
    ).toBe(0);
    expect((await search({ tn: 'company_report', type: 'organ' })).status).toBe(400);
  });

  it('lists one analysis category for the insight menu (anal_type), with or without a keyword', async () => {
    const category = await t.db.kysely
      .selectFrom('analyses')
      .select(['anal_type', 'title'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const expected = await t.db.kysely
      .selectFrom('analyses')
      .select('id')
      .where('anal_type', '=', category.anal_type)
      .execute();
    const everyInsight = await ok({ tn: 'insight', type: 'insight', page_size: 50 });
    const list = await ok({ tn: 'insight', type: 'insight', anal_type: category.anal_type, page_size: 50 });
    expect(list.total.value).toBe(expected.length);
    expect(list.total.value).toBeLessThan(everyInsight.total.value);
    expect(new Set(list.data.map((h) => Number(h._id)))).toEqual(new Set(expected.map((r) => r.id)));
    expect(list.data.every((h) => h._index === 'portal_insight')).toBe(true);

    const found = await ok({
      tn: 'insight',
      type: 'insight',
      anal_type: category.anal_type,
      keyword: category.title,
    });
    expect(found.data.length).toBeGreaterThan(0);
    expect(found.data.every((h) => expected.some((r) => String(r.id) === h._id))).toBe(true);
    expect((await ok({ tn: 'insight', type: 'insight', anal_type: 'no_such_category' })).total.value).toBe(0);
  });

  it('lists the materials within a length range (min_length, max_length), with or without a keyword', async () => {
    const within = async (min: number | undefined, max: number | undefined) => {
      let query = t.db.kysely.selectFrom('materials').select(['id', 'title']).where('video_duration', '>', 0);
      if (min !== undefined) {
        query = query.where('video_duration', '>=', min);
      }
      if (max !== undefined) {
        query = query.where('video_duration', '<=', max);
      }
      return query.orderBy('id').execute();
    };
    const durations = await t.db.kysely.selectFrom('materials').select('video_duration').distinct().execute();
    expect(durations.map((r) => Number(r.video_duration)).sort((a, b) => a - b)).toEqual([0, 15, 30, 60]);
    const everyMaterial = await ok({ tn: 'material', type: 'material', page_size: 50 });
    for (const [min, max] of [
      [20, 45],
      [30, 30],
      [30, undefined],
      [undefined, 15],
    ] as const) {
      const expected = await within(min, max);
      expect(expected.length, `${min}-${max}`).toBeGreaterThan(0);
      const list = await ok({
        tn: 'material',
        type: 'material',
        min_length: min,
        max_length: max,
        page_size: 50,
      });
      expect(list.total.value, `${min}-${max}`).toBe(expected.length);
      expect(list.total.value).toBeLessThan(everyMaterial.total.value);
      expect(new Set(list.data.map((h) => Number(h._id)))).toEqual(new Set(expected.map((r) => r.id)));
      expect(
        list.data.every((h) => h._index === 'mockup_open_screen' && h._source.material_type === 'video'),
      ).toBe(true);
    }
    // Bounds may come as strings (a query-string form) and are inclusive.
    expect(
      (await ok({ tn: 'material', type: 'material', min_length: '15', max_length: '15', page_size: 50 }))
        .total.value,
    ).toBe((await within(15, 15)).length);
    expect((await ok({ tn: 'material', type: 'material', min_length: 61 })).total.value).toBe(0);

    const [first] = await within(20, 45);
    if (!first) {
      throw new Error('no material of 30 seconds');
    }
    const found = await ok({
      tn: 'material',
      type: 'material',
      min_length: 20,
      max_length: 45,
      keyword: first.title,
    });
    expect(found.data.length).toBeGreaterThan(0);
    const allowed = new Set((await within(20, 45)).map((r) => String(r.id)));
    expect(found.data.every((h) => allowed.has(h._id))).toBe(true);

    expect(await search({ tn: 'material', type: 'material', min_length: 60, max_length: 15 })).toEqual({
      status: 400,
      body: { code: -1, message: MSG.materialLengthOrder, data: null },
    });
    for (const bad of [{ min_length: 0 }, { max_length: 'abc' }, { min_length: '1.5' }, { max_length: -3 }]) {
      expect(await search({ tn: 'material', type: 'material', ...bad }), JSON.stringify(bad)).toEqual({
        status: 400,
        body: { code: -1, message: MSG.materialLength, data: null },
      });
    }
    expect(MSG.materialLength).toBe('素材时间请输入正整数');
  });

  it('records keywords that found nothing', async () => {
    const misses = () =>
      t.db.kysely
        .selectFrom('search_misses')
        .selectAll()
        .where('keyword', '=', '火星移民地产')
        .executeTakeFirst();
    expect((await ok({ keyword: '火星移民地产' })).total.value).toBe(0);
    expect((await misses())?.count).toBe(1);
    await ok({ keyword: '  火星移民地产 ', tn: 'report' });
    expect((await misses())?.count).toBe(2);
    await ok({ keyword: '火星移民地产', page: 2 });
    expect((await misses())?.count).toBe(2);
    await ok({ keyword: '新能源汽车' });
    const all = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM search_misses WHERE keyword = '新能源汽车'`.execute(t.db.kysely);
    expect(Number(all.rows[0]?.n)).toBe(0);
  });

  it('serves the resource screen: 全部 holds every kind taking turns, 报告 only reports, searchable', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/search/label?pagetype=resource',
      headers: { token },
    });
    expect(res.json<{ data: unknown }>().data).toEqual([
      { tn: 'resource_all', name: '全部' },
      { tn: 'resource_report', name: '报告' },
    ]);
    const all = await ok({ tn: 'resource_all', type: 'resource', page: 1, page_size: 20 });
    const kinds = new Set(all.data.map((hit) => hit._index));
    expect([...kinds].sort()).toEqual([
      'mockup_open_screen',
      'portal_business',
      'portal_insight',
      'portal_report',
    ]);
    // The first screen already shows a report (the kinds take turns, newest first within each).
    expect(all.data.slice(0, 4).map((hit) => hit._index)).toContain('portal_report');
    const everything = await ok({ tn: 'all', type: 'search', page: 1, page_size: 1 });
    expect(all.total.value).toBe(everything.total.value);

    const reports = await ok({ tn: 'resource_report', type: 'resource', page: 1, page_size: 20 });
    expect(reports.data.length).toBeGreaterThan(0);
    expect(new Set(reports.data.map((hit) => hit._index))).toEqual(new Set(['portal_report']));
    const found = await ok({
      tn: 'resource_report',
      type: 'resource',
      keyword: '新能源汽车',
      page: 1,
      page_size: 20,
    });
    expect(found.data.every((hit) => hit._index === 'portal_report')).toBe(true);
    expect(found.data.length).toBeGreaterThan(0);
  });

  it('gives each page type its tabs', async () => {
    const labels = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/search/label?${query}`,
        headers: { token },
      });
      return {
        status: res.statusCode,
        body: res.json<{ code: number; message: string; data: { tn: string; name: string }[] }>(),
      };
    };
    expect((await labels('pagetype=search')).body.data).toEqual([
      { tn: 'all', name: '全部' },
      { tn: 'report', name: '报告' },
      { tn: 'organisation', name: '机构' },
    ]);
    expect((await labels('pagetype=home')).body.data.map((x) => x.name)).toEqual([
      '全部',
      '报告',
      '商业头条',
      '洞察专题',
    ]);
    expect((await labels('pagetype=report')).body.data).toEqual([{ tn: 'report', name: '报告' }]);
    expect((await labels('pagetype=insight')).body.data).toEqual([{ tn: 'insight', name: '洞察专题' }]);
    expect((await labels('pagetype=material')).body.data).toEqual([{ tn: 'material', name: '素材' }]);
    expect((await labels('pagetype=organ&id=1')).body.data).toEqual([
      { tn: 'company_product', name: '产品' },
      { tn: 'company_report', name: '报告' },
      { tn: 'company_product_es', name: '产品内容' },
      { tn: 'company_about', name: '关于' },
    ]);
    expect((await labels('pagetype=organ')).status).toBe(400);
    expect(await labels('pagetype=elsewhere')).toEqual({
      status: 400,
      body: { code: -1, message: MSG.unknownPageType, data: null },
    });
  });

  describe('Chinese queries against the demo corpus', () => {
    it.each(QUERY_CASES.map((c) => [c.tn ? `${c.q} (${c.tn})` : c.q, c]))('%s', async (_label, c) => {
      const reply = await ok({ keyword: c.q, tn: c.tn ?? 'all', page_size: 3 });
      expect(reply.fallback).toBe(false);
      const top = reply.data[0];
      // Title and tags are what relevance weighs most (a report's tags hold its industry).
      const heading = `${top?._source.title ?? ''} ${top?._source.tag.join(' ') ?? ''}`;
      for (const word of c.titleHas) {
        expect(heading).toContain(word);
      }
      expect(reply.data.map((h) => h._index)).toContain(c.index);
    });
  });
});
