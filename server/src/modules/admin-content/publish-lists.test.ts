import { CONTENT_INDEXES, type TSearchReply } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateReportPdf } from '../../demo/pdf/generate-report-pdf.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

type Envelope<T = unknown> = { code: number; message: string; data: T };

/**
 * The lists that do not read the search index (an analysis category, a material length range,
 * an organisation's report tab and its card's count) follow the publish state too.
 */
describe.each(testDatabases())('lists outside the search index follow the publish state on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let analysis: number;
  let material: number;
  let report: number;
  let organ: number;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = (await login(t, '13800000002')).token;
    user = (await login(t, '13800000001')).token;
    const now = t.clock.now().getTime();
    [analysis] = (await t.content.addAnalyses([
      { title: '品牌声量月度看板', anal_type: 'brand', anal_data_ext: 'pdf', published_at: now },
    ])) as [number];
    [material] = (await t.content.addMaterials([
      { title: '新品开屏视频', material_type: 'video', image_key: '', video_duration: 30, published_at: now },
    ])) as [number];
    const organs = await t.content.addOrganisations([{ name: '宁德时代' }]);
    organ = organs.get('宁德时代') ?? 0;
    const pdf = await generateReportPdf({
      slug: 'publish-lists',
      seed: 5,
      title: '动力电池产业报告',
      industry: '光伏',
      sourceType: '专题报告',
      publisher: '华信咨询',
      publishedAt: new Date(now),
      keywords: ['动力电池'],
      pageCount: 4,
    });
    report = await t.content.importReportPdf(pdf, {
      title: '动力电池产业报告',
      publishedAt: new Date(now),
      companies: [{ organisation_id: organ, status: 0 }],
    });
  }, 120_000);
  afterAll(() => t.close());

  const send = async <T>(method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: { token }, payload });
    return res.json<Envelope<T>>();
  };
  const ids = (r: Envelope<TSearchReply>) => r.data.data.map((h) => Number(h._id));
  const brandList = async () =>
    ids(
      await send<TSearchReply>('POST', '/api/search', user, {
        tn: 'insight',
        type: 'insight',
        anal_type: 'brand',
      }),
    );
  const videoList = async () =>
    ids(
      await send<TSearchReply>('POST', '/api/search', user, {
        tn: 'material',
        type: 'material',
        min_length: 20,
        max_length: 45,
      }),
    );
  const organReports = async () => {
    const r = await send<{ data: { detail_id: string }[]; total_size: number }>(
      'GET',
      `/api/company/detail/list?id=${organ}&tn=company_report`,
      user,
    );
    return { ids: r.data.data.map((x) => Number(x.detail_id)), total: r.data.total_size };
  };
  const toggle = (type: string, id: number, action: 'publish' | 'unpublish') =>
    send('POST', `/api/admin/content/${type}/${id}/${action}`, admin);

  it('an analysis leaves its category list and its detail page while unpublished', async () => {
    expect(await brandList()).toContain(analysis);
    await toggle('analysis', analysis, 'unpublish');
    expect(await brandList()).not.toContain(analysis);
    const detail = await send('POST', '/api/detail', user, {
      detail_id: String(analysis),
      index: CONTENT_INDEXES.insight,
    });
    const missing = await send('POST', '/api/detail', user, {
      detail_id: '2000000000',
      index: CONTENT_INDEXES.insight,
    });
    expect(detail).toEqual(missing);
    await toggle('analysis', analysis, 'publish');
    expect(await brandList()).toContain(analysis);
  });

  it('a video leaves the length-range list while unpublished', async () => {
    expect(await videoList()).toContain(material);
    await toggle('material', material, 'unpublish');
    expect(await videoList()).not.toContain(material);
    await toggle('material', material, 'publish');
    expect(await videoList()).toContain(material);
  });

  it('a report leaves its organisation’s report tab while unpublished', async () => {
    expect(await organReports()).toEqual({ ids: [report], total: 1 });
    await toggle('report', report, 'unpublish');
    expect(await organReports()).toEqual({ ids: [], total: 0 });
    await toggle('report', report, 'publish');
    expect(await organReports()).toEqual({ ids: [report], total: 1 });
  });

  it('edits an analysis and a material with their version: search finds the new titles, a stale save is refused', async () => {
    const edit = (url: string, payload: object) =>
      t.app.inject({ method: 'PUT', url, headers: { token: admin }, payload });
    const version = async (table: 'analyses' | 'materials', id: number) =>
      (await t.db.kysely.selectFrom(table).select('version').where('id', '=', id).executeTakeFirstOrThrow())
        .version;
    const a = await version('analyses', analysis);
    const ok = await edit(`/api/admin/analyses/${analysis}`, {
      title: '品牌声量与口碑看板',
      creator: '洞察团队',
      version: a,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const stale = await edit(`/api/admin/analyses/${analysis}`, { title: '旧的', version: a });
    expect(stale.statusCode).toBe(409);
    const m = await version('materials', material);
    expect(
      (
        await edit(`/api/admin/materials/${material}`, {
          title: '新品开屏视频（夏季）',
          channel: '抖音',
          version: m,
        })
      ).statusCode,
    ).toBe(200);
    const found = async (tn: string, keyword: string) =>
      ids(await send<TSearchReply>('POST', '/api/search', user, { tn, keyword }));
    expect(await found('insight', '口碑')).toContain(analysis);
    expect(await found('material', '夏季')).toContain(material);
    const row = await t.db.kysely
      .selectFrom('analyses')
      .select(['title', 'creator'])
      .where('id', '=', analysis)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: '品牌声量与口碑看板', creator: '洞察团队' });
  });
});
