import { ZSearchLabelReply, ZSearchReply, type TSearchReply } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

/** Issue 19: the search page's 机构 tab finds organisations by name and introduction. */
describe.each(testDatabases())('organisation tab on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    token = (await login(t, '13800000001')).token;
    const at = t.clock.now().getTime();
    await t.db.kysely
      .insertInto('organisations')
      .values([
        { name: '极光咨询', introduction: '专注消费行业研究。', created_at: at },
        {
          name: '北辰研究院',
          introduction: '长期跟踪极光咨询发布的消费数据与 CATL 供应链。',
          created_at: at,
        },
        { name: 'Aurora Capital', introduction: '一家投资机构。', created_at: at },
      ])
      .execute();
  }, 60_000);
  afterAll(() => t.close());

  const search = async (keyword: string, tn = 'organisation', psort?: string): Promise<TSearchReply> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { token },
      payload: { keyword, tn, ...(psort ? { psort } : {}) },
    });
    expect(res.statusCode).toBe(200);
    return ZSearchReply.parse(res.json<{ data: unknown }>().data);
  };
  const names = (r: TSearchReply) => r.data.map((h) => h._source.title);

  it('is a tab of the search page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/search/label?pagetype=search',
      headers: { token },
    });
    const tabs = ZSearchLabelReply.parse(res.json<{ data: unknown }>().data);
    expect(tabs.map((tab) => tab.name)).toEqual(['全部', '报告', '机构']);
  });

  it('finds organisations by name first, then by introduction, with the words highlighted', async () => {
    const reply = await search('极光');
    expect(names(reply)).toEqual(['极光咨询', '北辰研究院']);
    expect(reply.total).toEqual({ value: 2, relation: 'eq' });
    expect(reply.data[0]?._index).toBe('portal_organisation');
    expect(reply.data[0]?._source.highlight?.title).toBe('<em>极光</em>咨询');
    expect(reply.data[1]?._source.highlight?.content).toContain('<em>极光</em>咨询');
  });

  it('folds case and width, applies synonyms, and every word must hold', async () => {
    expect(names(await search('ａｕｒｏｒａ'))).toEqual(['Aurora Capital']);
    // 宁德时代's seeded group holds CATL, which 北辰研究院's introduction names.
    expect(names(await search('宁德时代'))).toEqual(['北辰研究院']);
    expect(names(await search('极光 消费'))).toEqual(['极光咨询', '北辰研究院']);
    expect(names(await search('极光 投资'))).toEqual([]);
    expect((await search('😀')).total.value).toBe(0);
  });

  it('sorts 最新 by joining date and 最热 by readers of the published reports, as the directory', async () => {
    const at = t.clock.now().getTime();
    const k = t.db.kysely;
    const orgs = await k
      .insertInto('organisations')
      .values([
        { name: '云图数据早期', introduction: '云图数据研究。', created_at: at - 3 * 86_400_000 },
        { name: '云图数据新近', introduction: '云图数据研究。', created_at: at + 86_400_000 },
        { name: '云图数据中期', introduction: '云图数据研究。', created_at: at - 86_400_000 },
      ])
      .returning(['id', 'name'])
      .execute();
    const idOf = (name: string) => Number(orgs.find((o) => o.name === name)!.id);
    const { id: report } = await k
      .insertInto('reports')
      .values({
        content_id: 'org-sort-report',
        title: '云图数据年度报告',
        cover_key: '',
        pdf_key: '',
        industry: '科技',
        page_count: 5,
        published_at: at,
        created_at: at,
        status: 'published',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k
      .insertInto('report_companies')
      .values({ report_id: Number(report), organisation_id: idOf('云图数据中期') })
      .execute();
    await k
      .insertInto('content_stats')
      .values({ content_type: 'report', content_id: Number(report), views: 30, favorites: 5, updated_at: 0 })
      .execute();
    expect(names(await search('云图数据', 'organisation', 'new'))).toEqual([
      '云图数据新近',
      '云图数据中期',
      '云图数据早期',
    ]);
    expect(names(await search('云图数据', 'organisation', 'hot'))[0]).toBe('云图数据中期');
    // 推荐 keeps name matches first in the admin's order (here: the order they were added).
    expect(names(await search('云图数据', 'organisation', 'recommend'))).toEqual([
      '云图数据早期',
      '云图数据新近',
      '云图数据中期',
    ]);
  });

  it('leaves organisations out of the content tabs', async () => {
    const all = await search('极光咨询', 'all');
    expect(all.data.every((h) => h._index !== 'portal_organisation')).toBe(true);
  });
});
