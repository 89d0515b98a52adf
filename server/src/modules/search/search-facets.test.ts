import { MSG, ZSearchReply, type TSearchReply } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

/** Issue 19: report filters (industry, publisher, date range, page count) with their counts. */
type Fixture = { title: string; industry: string; publisher: string; pages: number; day: string };
const REPORTS: Fixture[] = [
  { title: '储能行业白皮书', industry: '新能源', publisher: '甲研究院', pages: 8, day: '2026-03-05' },
  { title: '储能电池成本观察', industry: '新能源', publisher: '乙咨询', pages: 24, day: '2026-06-10' },
  { title: '储能出海报告', industry: '新能源', publisher: '甲研究院', pages: 45, day: '2026-09-01' },
  { title: '咖啡连锁门店报告', industry: '消费', publisher: '乙咨询', pages: 12, day: '2026-06-20' },
  { title: '茶饮储能冷链报告', industry: '消费', publisher: '甲研究院', pages: 70, day: '2026-10-02' },
];

describe.each(testDatabases())('report filters and facets on %s', (kind) => {
  let t: TestApp;
  let token: string;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    t = await buildTestApp(kind);
    token = (await login(t, '13800000001')).token;
    const k = t.db.kysely;
    const now = t.clock.now().getTime();
    // Only these reports: the demo seed's own are unpublished for this test.
    await k.updateTable('reports').set({ status: 'unpublished' }).execute();
    for (const name of ['甲研究院', '乙咨询']) {
      await k.insertInto('organisations').values({ name, created_at: now }).execute();
    }
    const orgs = await k.selectFrom('organisations').select(['id', 'name']).execute();
    for (const [n, r] of REPORTS.entries()) {
      const publishedAt = Date.parse(`${r.day}T04:00:00Z`);
      const { id } = await k
        .insertInto('reports')
        .values({
          content_id: `facet-${n}`,
          title: r.title,
          cover_key: '',
          pdf_key: '',
          industry: r.industry,
          page_count: r.pages,
          published_at: publishedAt,
          created_at: publishedAt,
          status: 'published',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(r.title, Number(id));
      const org = orgs.find((o) => o.name === r.publisher)!;
      await k
        .insertInto('report_companies')
        .values({ report_id: Number(id), organisation_id: org.id })
        .execute();
      await t.search.upsert([
        {
          id: `report:${id}`,
          type: 'report',
          title: r.title,
          body: r.title,
          publishedAt: new Date(publishedAt),
          hot: 0,
        },
      ]);
    }
  }, 60_000);
  afterAll(() => t.close());

  const list = async (payload: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { token },
      payload: { tn: 'report', type: 'report', ...payload },
    });
    return { status: res.statusCode, body: res.json<{ message: string; data: unknown }>() };
  };
  const ok = async (payload: Record<string, unknown>): Promise<TSearchReply> => {
    const res = await list(payload);
    expect(res.status).toBe(200);
    return ZSearchReply.parse(res.body.data);
  };
  const titles = (r: TSearchReply) => r.data.map((h) => h._source.title);

  it('counts each industry, publisher and page range, and the total, without filters', async () => {
    const reply = await ok({});
    expect(reply.total.value).toBe(5);
    expect(reply.facets?.industry).toEqual([
      { value: '新能源', count: 3 },
      { value: '消费', count: 2 },
    ]);
    expect(reply.facets?.publisher).toEqual([
      { value: '甲研究院', count: 3 },
      { value: '乙咨询', count: 2 },
    ]);
    expect(reply.facets?.pages).toEqual([
      { value: '1-10', count: 1 },
      { value: '11-30', count: 2 },
      { value: '31-60', count: 1 },
      { value: '61+', count: 1 },
    ]);
  });

  it('filters by industry and date range; each facet counts under the other filters', async () => {
    const reply = await ok({ industry: '新能源', date_from: '2026-06-01', date_to: '2026-09-01' });
    expect(titles(reply)).toEqual(['储能出海报告', '储能电池成本观察']);
    expect(reply.total.value).toBe(2);
    // The industry facet ignores the industry filter: 消费 has one report in that date range.
    expect(reply.facets?.industry).toEqual([
      { value: '新能源', count: 2 },
      { value: '消费', count: 1 },
    ]);
    // Equal counts in pinyin order (jiǎ before yǐ).
    expect(reply.facets?.publisher).toEqual([
      { value: '甲研究院', count: 1 },
      { value: '乙咨询', count: 1 },
    ]);
  });

  it('filters by publisher and page range, with a keyword too', async () => {
    expect(titles(await ok({ publisher: '甲研究院', pages: '61+' }))).toEqual(['茶饮储能冷链报告']);
    const searched = await ok({ keyword: '储能', publisher: '甲研究院' });
    expect(titles(searched).sort()).toEqual(['储能出海报告', '储能行业白皮书', '茶饮储能冷链报告'].sort());
    // Keyword facets count only the reports the keyword finds (咖啡连锁门店报告 holds no 储能).
    expect(searched.facets?.industry).toEqual([
      { value: '新能源', count: 2 },
      { value: '消费', count: 1 },
    ]);
  });

  it('counts each content type for a keyword on the search page', async () => {
    const reply = await ok({ tn: 'all', type: 'search', keyword: '储能' });
    expect(reply.facets?.types?.find((f) => f.value === 'report')?.count).toBe(4);
  });

  it('refuses bad filters in words the reader understands, and changes nothing', async () => {
    expect(await list({ date_from: '2026-09-01', date_to: '2026-06-01' })).toMatchObject({
      status: 400,
      body: { message: MSG.dateRangeOrder },
    });
    expect((await list({ date_from: '2026-13-45' })).status).toBe(400);
    expect((await list({ pages: '7-9' })).status).toBe(400);
    expect((await ok({ industry: '不存在的行业' })).total.value).toBe(0);
  });
});
