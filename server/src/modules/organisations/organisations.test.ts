import {
  MSG,
  type TOrganCard,
  type TOrganDetail,
  type TPaged,
  type TProductCard,
  type TProductDetail,
  type TRelatedContent,
  type TRelationDetail,
  type TOrganReport,
  type TContactPrefill,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_PHONE } from '../../seed/demo-users.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

type Envelope<T> = { code: number; message: string; data: T };

describe.each(testDatabases())('organisations API on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, { demoReports: 4 });
    token = (await login(t, DEMO_USER_PHONE)).token;
    otherToken = (await login(t, '13900000009')).token;
  }, 240_000);
  afterAll(() => t.close());

  const get = async <T>(url: string, as: string | null = token) => {
    const res = await t.app.inject({ method: 'GET', url, headers: as ? { token: as } : {} });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const data = async <T>(url: string, as: string | null = token): Promise<T> => {
    const { status, body } = await get<T>(url, as);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.code).toBe(0);
    return body.data;
  };
  const organByName = async (name: string) => {
    const row = await t.db.kysely
      .selectFrom('organisations')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row;
  };

  it('lists the directory page by page, newest first, with logos and statistics', async () => {
    const all = await data<TPaged<TOrganCard>>('/api/company/list?page=1&page_size=50');
    expect(all.total_size).toBeGreaterThanOrEqual(12);
    expect(all.data).toHaveLength(all.total_size);
    expect(all.data.map((o) => o.is_certification)).toContain(0);
    const rows = await t.db.kysely
      .selectFrom('organisations')
      .select(['id', 'created_at', 'sort'])
      .orderBy('created_at', 'desc')
      .orderBy('sort')
      .orderBy('id')
      .execute();
    expect(all.data.map((o) => o.company_id)).toEqual(rows.map((r) => String(r.id)));
    for (const card of all.data) {
      expect(card.logo).toMatch(/^\/files\/demo\/organisations\/.+\/logo\.png$/);
      expect(card.statistics.map((s) => s.name)).toEqual(['报告', '产品', '内容']);
    }
    const catl = all.data.find((o) => o.name === '宁德时代');
    expect(catl?.statistics.find((s) => s.name === '产品')?.count).toBe(3);
    expect(catl?.statistics.find((s) => s.name === '内容')?.count).toBeGreaterThanOrEqual(6);

    // Pages of 5 tile the same list without gaps or repeats; past the end is an empty page.
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(all.total_size / 5); page++) {
      const p = await data<TPaged<TOrganCard>>(`/api/company/list?page=${page}&page_size=5`);
      expect(p.total_size).toBe(all.total_size);
      expect(p).toMatchObject({ page, page_size: 5 });
      pages.push(...p.data.map((o) => o.company_id));
    }
    expect(pages).toEqual(all.data.map((o) => o.company_id));
    expect((await data<TPaged<TOrganCard>>('/api/company/list?page=99&page_size=5')).data).toEqual([]);
    // The default page is the narrow-screen size (24) and the largest is 50.
    expect((await data<TPaged<TOrganCard>>('/api/company/list')).page_size).toBe(24);
    expect((await get('/api/company/list?page_size=30')).status).toBe(200);
    for (const bad of ['page=0', 'page=-1', 'page=a', 'page_size=0', 'page_size=51']) {
      const { status, body } = await get(`/api/company/list?${bad}`);
      expect(status, bad).toBe(400);
      expect(body.message).toBe(MSG.badRequest);
    }
  });

  it('sorts the directory 最新 or 最热, searches names and filters by industry', async () => {
    const list = (query: string) => data<TPaged<TOrganCard>>(`/api/company/list?page_size=50&${query}`);
    const names = async (query: string) => (await list(query)).data.map((o) => o.name);

    // 最新: an organisation the back-office adds now leads the list.
    const { id: newest } = await t.db.kysely
      .insertInto('organisations')
      .values({ name: '测试新入驻机构', created_at: Date.now() + 60_000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await names('psort=new'))[0]).toBe('测试新入驻机构');

    // 最热: readers' engagement with an organisation's published reports puts it first.
    const [hot] = await t.db.kysely
      .selectFrom('report_companies as rc')
      .innerJoin('organisations as o', 'o.id', 'rc.organisation_id')
      .innerJoin('reports as r', 'r.id', 'rc.report_id')
      .select(['o.name', 'r.id as report_id', 'r.industry'])
      .where('r.status', '=', 'published')
      .orderBy('o.id', 'desc')
      .execute();
    expect(hot).toBeDefined();
    expect((await names('psort=hot'))[0]).not.toBe(hot!.name);
    await t.db.kysely
      .insertInto('content_stats')
      .values({ content_type: 'report', content_id: hot!.report_id, views: 0, favorites: 500, updated_at: 0 })
      .onConflict((oc) => oc.columns(['content_type', 'content_id']).doUpdateSet({ favorites: 500 }))
      .execute();
    const hotList = await names('psort=hot');
    expect(hotList[0]).toBe(hot!.name);
    expect(hotList).toHaveLength((await list('')).total_size);

    // Name search: part of the name; % and _ are literal; case does not matter.
    expect(await names('keyword=' + encodeURIComponent('新入驻'))).toEqual(['测试新入驻机构']);
    expect(await names('keyword=' + encodeURIComponent(' 宁德 '))).toEqual(['宁德时代']);
    expect(await names('keyword=%25')).toEqual([]);
    const none = await list('keyword=' + encodeURIComponent('不存在的机构'));
    expect(none).toMatchObject({ data: [], total_size: 0 });

    // Industry: the choices are the industries of published reports with a publisher.
    const industries = await data<string[]>('/api/company/industries');
    expect(industries).toContain(hot!.industry);
    const inIndustry = await list('industry=' + encodeURIComponent(hot!.industry));
    expect(inIndustry.data.map((o) => o.name)).toContain(hot!.name);
    expect(inIndustry.data.map((o) => o.name)).not.toContain('测试新入驻机构');
    for (const card of inIndustry.data) {
      const report = await t.db.kysely
        .selectFrom('report_companies as rc')
        .innerJoin('reports as r', 'r.id', 'rc.report_id')
        .select('r.id')
        .where('rc.organisation_id', '=', Number(card.company_id))
        .where('r.industry', '=', hot!.industry)
        .executeTakeFirst();
      expect(report, card.name).toBeDefined();
    }
    expect(inIndustry.total_size).toBe(inIndustry.data.length);
    expect((await list('industry=' + encodeURIComponent('没有这个行业'))).data).toEqual([]);

    for (const bad of ['psort=recommend', `keyword=${'长'.repeat(51)}`]) {
      const { status, body } = await get(`/api/company/list?${bad}`);
      expect(status, bad).toBe(400);
      expect(body.message).toBe(MSG.badRequest);
    }
    await t.db.kysely.deleteFrom('organisations').where('id', '=', newest).execute();
  });

  it('needs a login for every call', async () => {
    for (const url of [
      '/api/company/list',
      '/api/company/industries',
      '/api/company/detail?id=1',
      '/api/company/product/detail?product_id=1',
      '/api/company/contact/detail?type=2&id=1',
    ]) {
      expect((await get(url, null)).status, url).toBe(401);
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/company/contact/create', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('answers an organisation with certification, site, social accounts and its tabs', async () => {
    const catl = await organByName('宁德时代');
    const d = await data<TOrganDetail>(`/api/company/detail?id=${catl.id}`);
    expect(d).toMatchObject({
      company_id: String(catl.id),
      name: '宁德时代',
      company_name: '宁德时代',
      is_certification: 1,
      status: 0,
      is_authorize: 0,
      official_website: 'https://www.catl.example.com',
      claim_email: 'claim@portal.example.com',
    });
    expect(d.introduction).toContain('动力电池');
    expect(d.social_accounts.map((a) => a.name)).toEqual(['微信公众号', '微博', '抖音']);
    const uncertified = (await data<TPaged<TOrganCard>>('/api/company/list?page_size=50')).data.find(
      (o) => o.is_certification === 0,
    );
    expect(
      (await data<TOrganDetail>(`/api/company/detail?id=${uncertified?.company_id}`)).is_certification,
    ).toBe(0);

    expect((await get('/api/company/detail?id=999999')).status).toBe(404);
    expect((await get('/api/company/detail?id=999999')).body.message).toBe(MSG.organNotFound);
    expect((await get('/api/company/detail?id=abc')).status).toBe(400);
    expect((await get('/api/company/detail')).status).toBe(400);

    const tabs = await data<{ tn: string; name: string }[]>(`/api/search/label?pagetype=organ&id=${catl.id}`);
    expect(tabs.map((x) => x.tn)).toEqual([
      'company_product',
      'company_report',
      'company_product_es',
      'company_about',
    ]);
  });

  it("pages an organisation's products, reports and product content", async () => {
    const catl = await organByName('宁德时代');
    const products = await data<TPaged<TProductCard>>(
      `/api/company/detail/list?id=${catl.id}&tn=company_product&page=1&page_size=2`,
    );
    expect(products.total_size).toBe(3);
    expect(products.data.map((p) => p.title)).toEqual(['麒麟电池', '神行超充电池']);
    const second = await data<TPaged<TProductCard>>(
      `/api/company/detail/list?id=${catl.id}&tn=company_product&page=2&page_size=2`,
    );
    expect(second.data.map((p) => p.title)).toEqual(['EnerC储能系统']);
    expect(second.data[0]?.cover).toMatch(/^\/files\/.+\.jpg$/);
    // The stored images really serve.
    const cover = await t.app.inject({ method: 'GET', url: second.data[0]?.cover ?? '' });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/jpeg');

    const reports = await data<TPaged<TOrganReport>>(
      `/api/company/detail/list?id=${catl.id}&tn=company_report`,
    );
    const own = await t.db.kysely
      .selectFrom('report_companies')
      .select('report_id')
      .where('organisation_id', '=', catl.id)
      .execute();
    expect(reports.total_size).toBe(own.length);
    expect(reports.data.map((r) => Number(r.detail_id)).sort()).toEqual(own.map((r) => r.report_id).sort());
    for (const r of reports.data) {
      expect(r).toMatchObject({
        index: 'portal_report',
        title: expect.any(String),
        cover: expect.stringMatching(/^\/files\//),
      });
    }

    const contents = await data<TPaged<TRelatedContent>>(
      `/api/company/detail/list?id=${catl.id}&tn=company_product_es&page_size=50`,
    );
    expect(contents.total_size).toBe(contents.data.length);
    expect(contents.data.filter((c) => c.type === 2)).toHaveLength(6);
    const times = contents.data.map((c) => c.create_time);
    expect(times).toEqual([...times].sort().reverse());

    expect((await get(`/api/company/detail/list?id=${catl.id}&tn=nope`)).body.message).toBe(MSG.unknownTab);
    expect((await get('/api/company/detail/list?id=999999&tn=company_product')).status).toBe(404);
  });

  it('answers a product with its images and its related content, paged', async () => {
    const catl = await organByName('宁德时代');
    const [first] = (
      await data<TPaged<TProductCard>>(`/api/company/detail/list?id=${catl.id}&tn=company_product`)
    ).data;
    const p = await data<TProductDetail>(
      `/api/company/product/detail?product_id=${first?.product_id}&company_id=${catl.id}`,
    );
    expect(p).toMatchObject({
      title: '麒麟电池',
      company_name: '宁德时代',
      company_id: String(catl.id),
      is_certification: 1,
      is_authorize: 0,
    });
    expect(p.content).toContain('<li>');
    expect(p.meterials.length).toBeGreaterThanOrEqual(2);
    expect(p.meterials.every((m) => m.type === 1 && m.url.startsWith('/files/'))).toBe(true);
    // `id` is read as the product id as well; a company that does not own it is "not found".
    expect((await data<TProductDetail>(`/api/company/product/detail?id=${first?.product_id}`)).title).toBe(
      '麒麟电池',
    );
    const byd = await organByName('比亚迪');
    expect(
      (await get(`/api/company/product/detail?product_id=${first?.product_id}&company_id=${byd.id}`)).status,
    ).toBe(404);
    expect((await get('/api/company/product/detail')).status).toBe(400);

    const page1 = await data<TPaged<TRelatedContent>>(
      `/api/company/product/content/list?product_id=${first?.product_id}&page=1&page_size=2`,
    );
    const page2 = await data<TPaged<TRelatedContent>>(
      `/api/company/product/content/list?product_id=${first?.product_id}&page=2&page_size=2`,
    );
    expect(page1.total_size).toBe(page2.total_size);
    expect(page1.data).toHaveLength(2);
    const ids = [...page1.data, ...page2.data].map((c) => c.content_id);
    expect(new Set(ids).size).toBe(ids.length);
    const all = await data<TPaged<TRelatedContent>>(
      `/api/company/product/content/list?product_id=${first?.product_id}&page_size=50`,
    );
    const report = all.data.find((c) => c.type === 1);
    expect(report).toMatchObject({ detail_id: expect.stringMatching(/^\d+$/), title: expect.any(String) });
    expect(report?.title).not.toBe('');
    expect(all.data.some((c) => c.type === 2 && c.authorization_required === 1)).toBe(true);
    expect((await get('/api/company/product/content/list?product_id=999999')).status).toBe(404);
  });

  it('withholds authorization-required content until the user consents, per user and organisation', async () => {
    const nio = await organByName('比亚迪');
    const contents = await data<TPaged<TRelatedContent>>(
      `/api/company/detail/list?id=${nio.id}&tn=company_product_es&page_size=50`,
    );
    const locked = contents.data.find((c) => c.type === 2 && c.authorization_required === 1);
    const open = contents.data.find((c) => c.type === 2 && c.authorization_required === 0);
    const openDetail = await data<TRelationDetail>(
      `/api/company/product/content/detail?id=${open?.content_id}`,
    );
    expect(openDetail).toMatchObject({ locked: false, company_name: '比亚迪', authorization_required: 0 });
    expect(openDetail.content).toContain('<p>');
    expect(openDetail.product_title).not.toBe('');
    expect(openDetail.video_duration).toBeGreaterThan(0);

    const before = await data<TRelationDetail>(
      `/api/company/product/content/detail?id=${locked?.content_id}`,
    );
    expect(before).toMatchObject({
      locked: true,
      is_authorize: 0,
      content: '',
      material_url: '',
      title: locked?.title,
    });

    const consent = await t.app.inject({
      method: 'POST',
      url: '/api/company/authorize',
      headers: { token },
      payload: { company_id: nio.id },
    });
    expect(consent.json()).toMatchObject({ code: 0, data: { is_authorize: 1 } });
    const after = await data<TRelationDetail>(`/api/company/product/content/detail?id=${locked?.content_id}`);
    expect(after).toMatchObject({ locked: false, is_authorize: 1 });
    expect(after.content).toContain('<p>');
    expect((await data<TOrganDetail>(`/api/company/detail?id=${nio.id}`)).is_authorize).toBe(1);

    // Another user, and another organisation, are still locked.
    expect(
      (
        await data<TRelationDetail>(
          `/api/company/product/content/detail?id=${locked?.content_id}`,
          otherToken,
        )
      ).locked,
    ).toBe(true);
    const catl = await organByName('宁德时代');
    expect((await data<TOrganDetail>(`/api/company/detail?id=${catl.id}`)).is_authorize).toBe(0);
    // Consenting again changes nothing; an unknown organisation is not found.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/company/authorize',
      headers: { token },
      payload: { company_id: nio.id },
    });
    expect(again.statusCode).toBe(200);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/company/authorize',
      headers: { token },
      payload: { company_id: 999999 },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await get('/api/company/product/content/detail?id=999999')).status).toBe(404);
  });

  it('prefills the contact form from the account until the user has sent an enquiry', async () => {
    const catl = await organByName('宁德时代');
    const p = await data<TContactPrefill>(`/api/company/contact/detail?type=2&id=${catl.id}`, otherToken);
    expect(p).toMatchObject({
      company_id: String(catl.id),
      company_name: '宁德时代',
      type: 2,
      phone: '13900000009',
      company: '',
      department: '',
      job: '',
    });
    expect((await get(`/api/company/contact/detail?type=3&id=${catl.id}`)).status).toBe(400);
    expect((await get('/api/company/contact/detail?type=2&id=999999')).status).toBe(404);
  });
});
