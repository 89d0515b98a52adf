import {
  CONTENT_INDEXES,
  MSG,
  type TDetailReply,
  type TRecommendReply,
  type TSearchReply,
  type TShortcut,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PHONE, DEMO_USER_PHONE } from '../../seed/demo-users.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { createDetailRepo } from './detail.repo.ts';

type Envelope<T> = { code: number; message: string; data: T };

describe.each(testDatabases())('detail API on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, { demoReports: 3 });
    token = (await login(t, DEMO_USER_PHONE)).token;
    adminToken = (await login(t, DEMO_ADMIN_PHONE)).token;
    otherToken = (await login(t, '13900000009')).token;
  }, 180_000);
  afterAll(() => t.close());

  const post = async <T>(url: string, payload: Record<string, unknown>, as: string | null = token) => {
    const res = await t.app.inject({ method: 'POST', url, headers: as ? { token: as } : {}, payload });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const detail = (index: string, id: string | number, as: string | null = token) =>
    post<TDetailReply>('/api/detail', { index, detail_id: String(id) }, as);
  const list = async (tn: string, extra: Record<string, unknown> = {}) =>
    (await post<TSearchReply>('/api/search', { tn, page_size: 50, ...extra })).body.data.data;
  const firstId = async (tn: string) => {
    const hit = (await list(tn))[0];
    if (!hit) {
      throw new Error(`no ${tn}`);
    }
    return hit._id;
  };
  const views = async (type: string, id: string) => {
    const row = await t.db.kysely
      .selectFrom('content_stats')
      .selectAll()
      .where('content_type', '=', type)
      .where('content_id', '=', Number(id))
      .executeTakeFirst();
    return row ?? { views: 0, downloads: 0, useful: 0 };
  };

  it('answers a report with cover, companies, the PDF and page images, and counts a view', async () => {
    const id = await firstId('report');
    const before = (await views('report', id)).views;
    const { status, body } = await detail(CONTENT_INDEXES.report, id);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.code).toBe(0);
    const d = body.data;
    expect(d.detail_info._id).toBe(id);
    expect(d.detail_info._index).toBe(CONTENT_INDEXES.report);
    const s = d.detail_info._source as {
      cover: string;
      company: { status: number; name: string }[];
      files: { url: string; ext: string }[];
      pdf_image: string[];
      page_count: number;
    };
    expect(s.cover).toMatch(/^\/files\/.+\/cover\.png$/);
    expect(s.company.length).toBeGreaterThan(0);
    expect(s.files).toEqual([
      expect.objectContaining({
        ext: 'pdf',
        url: expect.stringMatching(/^\/files\/.+\/source\.pdf\?exp=\d+&sig=/),
      }),
    ]);
    expect(s.pdf_image).toHaveLength(s.page_count);
    expect(s.pdf_image[0]).toMatch(/\/pages\/0001\.jpg\?exp=\d+&sig=/);
    expect(d).toMatchObject({
      favorite_status: 0,
      usefulness_status: 0,
      insight_topic_shortcut_status: 0,
      organ_detail_menu: 1,
      is_login: true,
    });
    expect((await views('report', id)).views).toBe(before + 1);
    // The page image URL really serves (rendered on first request).
    const page = await t.app.inject({ method: 'GET', url: s.pdf_image[0] ?? '' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/jpeg');
  });

  it('answers headlines, analyses (with viewer info) and materials (every field)', async () => {
    const headline = await detail(CONTENT_INDEXES.business, await firstId('business'));
    expect(headline.body.data.detail_info._source).toMatchObject({
      title: expect.any(String),
      content: expect.stringContaining('<'),
    });
    const insights = await list('insight');
    const open = insights.find((h) => !h._source.title.includes('核心指标数据看板')) ?? insights[0];
    const analysis = await detail(CONTENT_INDEXES.insight, open?._id ?? '0');
    expect(analysis.body.code).toBe(0);
    expect(analysis.body.data.detail_info._source).toMatchObject({
      anal_data_ext: expect.any(String),
      anal_data_info: {
        url: expect.any(String),
        work_book: expect.any(String),
        tab_visible: expect.any(Boolean),
        tool_bar_visible: expect.any(Boolean),
      },
      quote_data_info: expect.any(Array),
    });
    const material = await detail(CONTENT_INDEXES.material, await firstId('material'));
    expect(Object.keys(material.body.data.detail_info._source).sort()).toEqual(
      [
        'title',
        'material_type',
        'url',
        'cover',
        'category',
        'open_screen_type',
        'mockup_type',
        'parent_brand',
        'product_brand',
        'person_type',
        'person_star',
        'style_type',
        'first_exposure_time',
        'channel',
        'is_have_activity',
        'duration',
        'analysis_info',
      ].sort(),
    );
  });

  it('is 404 for unknown or wrong-index ids and 400 for ids of the wrong shape', async () => {
    expect(await detail(CONTENT_INDEXES.report, 999999)).toEqual({
      status: 404,
      body: { code: -1, message: MSG.contentNotFound, data: null },
    });
    expect((await detail('portal_nothing', 1)).status).toBe(404);
    for (const bad of ['abc', '-1', '1e3', '1234567890123']) {
      const res = await detail(CONTENT_INDEXES.report, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe(MSG.badRequest);
    }
  });

  it('answers only headlines without a token, with the body left out', async () => {
    const id = await firstId('business');
    const anon = await detail(CONTENT_INDEXES.business, id, null);
    expect(anon.status).toBe(200);
    expect(anon.body.data.is_login).toBe(false);
    expect((anon.body.data.detail_info._source as { content: string }).content).toBe('');
    expect((anon.body.data.detail_info._source as { title: string }).title).not.toBe('');
    const report = await detail(CONTENT_INDEXES.report, await firstId('report'), null);
    expect(report).toEqual({ status: 401, body: { code: -1, message: MSG.unauthorized, data: null } });
    expect((await detail(CONTENT_INDEXES.insight, 1, null)).status).toBe(401);
  });

  it('answers 1001 for a restricted analysis unless the user is an admin or was granted it', async () => {
    const row = await t.db.kysely
      .selectFrom('analyses')
      .select('id')
      .where('restricted', '=', 1)
      .executeTakeFirstOrThrow();
    expect(await detail(CONTENT_INDEXES.insight, row.id)).toEqual({
      status: 200,
      body: { code: 1001, message: MSG.noPermission, data: null },
    });
    expect((await detail(CONTENT_INDEXES.insight, row.id, adminToken)).body.code).toBe(0);
    const other = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('phone', '=', '13900000009')
      .executeTakeFirstOrThrow();
    await createDetailRepo(t.db).grant('insight', row.id, other.id, Date.now());
    expect((await detail(CONTENT_INDEXES.insight, row.id, otherToken)).body.code).toBe(0);
    expect((await detail(CONTENT_INDEXES.insight, row.id)).body.code).toBe(1001);
    const rec = await post('/api/recommend', {
      index: CONTENT_INDEXES.insight,
      detail_id: String(row.id),
      page_size: 3,
    });
    expect(rec.body.code).toBe(1001);
  });

  it('recommends related items of the same type, page_size honoured, never the item itself', async () => {
    for (const tn of ['report', 'business', 'insight', 'material'] as const) {
      const id = await firstId(tn);
      const index = {
        report: CONTENT_INDEXES.report,
        business: CONTENT_INDEXES.business,
        insight: CONTENT_INDEXES.insight,
        material: CONTENT_INDEXES.material,
      }[tn];
      const { status, body } = await post<TRecommendReply>('/api/recommend', {
        index,
        detail_id: id,
        page_size: 2,
        keyword: '',
      });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.data).toHaveLength(1);
      expect(body.data[0]?.type).toBe(index);
      const hits = body.data[0]?.list ?? [];
      if (tn !== 'report') {
        expect(hits.length, tn).toBe(2);
      }
      expect(hits.length).toBeLessThanOrEqual(2);
      expect(hits.map((h) => h._id)).not.toContain(id);
      for (const h of hits) {
        expect(h._index).toBe(index);
      }
    }
    const id = await firstId('business');
    const withKeyword = await post<TRecommendReply>('/api/recommend', {
      index: CONTENT_INDEXES.business,
      detail_id: id,
      page_size: 6,
      keyword: '新能源',
    });
    expect(withKeyword.body.data[0]?.list.map((h) => h._id)).not.toContain(id);
    expect(
      (await post('/api/recommend', { index: CONTENT_INDEXES.business, detail_id: id }, null)).status,
    ).toBe(401);
    expect(
      (await post('/api/recommend', { index: CONTENT_INDEXES.business, detail_id: '999999' })).status,
    ).toBe(404);
  });

  it('relates items through the synonym groups, as search does', async () => {
    // The seeded group 瑞幸咖啡 / 瑞幸 / Luckin: no demo headline says Luckin.
    const luckin = await t.db.kysely
      .selectFrom('headlines')
      .select('id')
      .where('title', 'like', '%瑞幸%')
      .execute();
    expect(luckin.length).toBeGreaterThan(0);
    const other = await t.db.kysely
      .selectFrom('headlines')
      .select('id')
      .where('title', 'not like', '%瑞幸%')
      .where('title', 'not like', '%咖啡%')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const rec = await post<TRecommendReply>('/api/recommend', {
      index: CONTENT_INDEXES.business,
      detail_id: String(other.id),
      page_size: 6,
      keyword: 'Luckin',
    });
    const ids = (rec.body.data[0]?.list ?? []).map((h) => Number(h._id));
    expect(ids.some((id) => luckin.some((l) => l.id === id))).toBe(true);
  });

  it('keeps useful marks per user, idempotent, with the counter right', async () => {
    const id = await firstId('business');
    const mark = (status: number, as = token) =>
      post('/api/user/usefulness', { data_id: id, data_type: CONTENT_INDEXES.business, status }, as);
    const start = (await views('business', id)).useful;
    expect((await mark(1)).body.code).toBe(0);
    await mark(1);
    expect((await views('business', id)).useful).toBe(start + 1);
    expect((await detail(CONTENT_INDEXES.business, id)).body.data.usefulness_status).toBe(1);
    expect((await detail(CONTENT_INDEXES.business, id, otherToken)).body.data.usefulness_status).toBe(0);
    await mark(1, otherToken);
    expect((await views('business', id)).useful).toBe(start + 2);
    await mark(0);
    await mark(0);
    expect((await views('business', id)).useful).toBe(start + 1);
    expect((await detail(CONTENT_INDEXES.business, id)).body.data.usefulness_status).toBe(0);
    expect((await detail(CONTENT_INDEXES.business, id, otherToken)).body.data.usefulness_status).toBe(1);
    expect(
      (
        await post('/api/user/usefulness', {
          data_id: '999999',
          data_type: CONTENT_INDEXES.business,
          status: 1,
        })
      ).status,
    ).toBe(404);
    expect(
      (await post('/api/user/usefulness', { data_id: id, data_type: CONTENT_INDEXES.business, status: 2 }))
        .status,
    ).toBe(400);
    expect((await mark(1, '')).status).toBe(401);
  });

  it('counts downloads and views into hot', async () => {
    const at = t.clock.now();
    const ids = await t.content.addHeadlines([
      {
        title: '热度测试甲型号',
        description: '热度测试',
        content: '<p>热度测试</p>',
        published_at: at.getTime() - 3_600_000,
      },
      {
        title: '热度测试乙型号',
        description: '热度测试',
        content: '<p>热度测试</p>',
        published_at: at.getTime() - 3_600_000,
      },
    ]);
    const order = async () =>
      (await list('business', { keyword: '热度测试', psort: 'hot' })).map((h) => Number(h._id));
    const [a, b] = ids as [number, number];
    const cold = await order();
    const last = cold.indexOf(a) > cold.indexOf(b) ? a : b;
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/user/behavior/click', {
        data_id: String(last),
        data_type: CONTENT_INDEXES.business,
        field: 'download_num',
      });
      expect(res.body.code).toBe(0);
    }
    expect((await views('business', String(last))).downloads).toBe(5);
    // Counts never empty the cached page; they reorder 最热 once it has lived out its time.
    expect(await order()).toEqual(cold);
    t.clock.advance(t.config.readCacheMs / 1000 + 1);
    expect((await order())[0]).toBe(last);
    const other = last === a ? b : a;
    for (let i = 0; i < 30; i++) {
      await detail(CONTENT_INDEXES.business, other);
    }
    t.clock.advance(t.config.readCacheMs / 1000 + 1);
    expect((await order())[0]).toBe(other);

    const report = await firstId('report');
    const before = (await views('report', report)).downloads;
    expect(
      (await post('/api/front-buried', { action: 'download', subject: 'report', subject_id: report })).body
        .code,
    ).toBe(0);
    expect((await views('report', report)).downloads).toBe(before + 1);
    expect(
      (await post('/api/front-buried', { action: 'download', subject: 'report', subject_id: '999999' }))
        .status,
    ).toBe(404);
    expect(
      (
        await post('/api/user/behavior/click', {
          data_id: '999999',
          data_type: CONTENT_INDEXES.report,
          field: 'download_num',
        })
      ).status,
    ).toBe(404);
    expect(
      (await post('/api/front-buried', { action: 'view', subject: 'report', subject_id: report })).status,
    ).toBe(400);
  });

  it('keeps insight shortcuts per user, idempotent', async () => {
    const insights = await list('insight');
    const [one, two] = insights.filter((h) => !h._source.title.includes('核心指标数据看板'));
    if (!one || !two) {
      throw new Error('need two insights');
    }
    const create = (h: typeof one, as = token) =>
      post(
        '/api/insight_topic/shortcut/create',
        { id: h._id, title: h._source.title, index: CONTENT_INDEXES.insight, anal_type: 'industry' },
        as,
      );
    const shortcuts = async (as = token) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/insight_topic/shortcut/list',
        headers: { token: as },
      });
      return res.json<Envelope<TShortcut[]>>().data;
    };
    expect((await create(one)).body.code).toBe(0);
    await create(one);
    t.clock.advance(1);
    await create(two);
    await create(two, otherToken);
    expect((await shortcuts()).map((s) => s.id)).toEqual([two._id, one._id]);
    expect((await shortcuts())[0]).toEqual({
      id: two._id,
      title: two._source.title,
      index: CONTENT_INDEXES.insight,
      anal_type: expect.any(String),
    });
    expect((await detail(CONTENT_INDEXES.insight, one._id)).body.data.insight_topic_shortcut_status).toBe(1);
    await post('/api/insight_topic/shortcut/delete', { id: two._id, index: CONTENT_INDEXES.insight });
    await post('/api/insight_topic/shortcut/delete', { id: two._id, index: CONTENT_INDEXES.insight });
    expect((await shortcuts()).map((s) => s.id)).toEqual([one._id]);
    expect((await shortcuts(otherToken)).map((s) => s.id)).toEqual([two._id]);
    expect((await create({ ...one, _id: '999999' })).status).toBe(404);
    const report = await post('/api/insight_topic/shortcut/create', {
      id: await firstId('report'),
      title: 'x',
      index: CONTENT_INDEXES.report,
      anal_type: '',
    });
    expect(report.status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/insight_topic/shortcut/list' })).statusCode).toBe(
      401,
    );
  });

  it('draws the share QR code of reports and headlines as a PNG', async () => {
    const id = await firstId('business');
    const res = await t.app.inject({
      method: 'GET',
      url: `/wxqrcode?type=wxqrcode_headline_detail&id=${id}&index=${CONTENT_INDEXES.business}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toContain('max-age');
    expect(res.rawPayload.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(res.rawPayload.readUInt32BE(16)).toBe(200);
    expect(res.rawPayload.readUInt32BE(20)).toBe(200);
    const report = await firstId('report');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/wxqrcode?type=wxqrcode_report_detail&id=${report}&index=${CONTENT_INDEXES.report}`,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/wxqrcode?type=wxqrcode_report_detail&id=${id}&index=${CONTENT_INDEXES.business}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/wxqrcode?type=wxqrcode_report_detail&id=999999&index=${CONTENT_INDEXES.report}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/wxqrcode?type=other&id=1&index=${CONTENT_INDEXES.report}`,
        })
      ).statusCode,
    ).toBe(400);
  });
});
