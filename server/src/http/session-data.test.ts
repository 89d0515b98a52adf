import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SERVICE_VIEWERS,
  CONTENT_INDEXES,
  SESSION_DATA_ELEMENT_ID,
  type TDetailReply,
  type TSessionData,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PHONE, DEMO_USER_PHONE } from '../seed/demo-users.ts';
import { login } from '../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../test/testApp.ts';
import { tokenFromCookie, withSessionData } from './session-data.ts';

const INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>洞察门户</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;

const BLOCK = new RegExp(`<script type="application/json" id="${SESSION_DATA_ELEMENT_ID}">(.*?)</script>`);

describe('withSessionData and tokenFromCookie', () => {
  it('writes the replies as a data block no value can close, and reads the token cookie', () => {
    const data = { routes: { code: 0, data: { name: '</script><script>alert(1)</script>' } }, menu: {} };
    const html = withSessionData(INDEX_HTML, data);
    expect(html).not.toContain('</script><script>');
    expect(JSON.parse(BLOCK.exec(html)?.[1] ?? '')).toEqual(data);
    expect(tokenFromCookie('a=1; token=abc%3D; b=2')).toBe('abc=');
    expect(tokenFromCookie('mytoken=x')).toBeNull();
    expect(tokenFromCookie(undefined)).toBeNull();
  });
});

describe.each(testDatabases())('a signed-in page carries its session replies on %s', (kind) => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    t = await buildTestApp(kind, { demoReports: 0, env: { WEB_DIST: webDist } });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const page = async (url: string, token?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: token === undefined ? {} : { cookie: `theme=x; token=${encodeURIComponent(token)}` },
    });
    expect(res.statusCode).toBe(200);
    const block = BLOCK.exec(res.body)?.[1];
    return {
      cacheControl: res.headers['cache-control'],
      data: block === undefined ? null : (JSON.parse(block) as TSessionData),
    };
  };
  const api = async (url: string, token: string) =>
    (await t.app.inject({ method: 'GET', url, headers: { token, source: '1' } })).json<unknown>();

  // One login per phone: a phone gets one code a minute.
  let userToken: string | undefined;
  const user = async () => (userToken ??= (await login(t, DEMO_USER_PHONE)).token);
  let adminToken: string | undefined;
  const admin = async () => (adminToken ??= (await login(t, DEMO_ADMIN_PHONE)).token);

  it('holds what the session calls answer the cookie’s user, privately cached', async () => {
    const token = await user();
    // A screen without first data of its own (notes): the session calls alone.
    const { data, cacheControl } = await page('/notes', token);
    expect(cacheControl).toBe('private, no-cache');
    expect(data).toEqual({
      routes: await api('/api/user/routes?type=1', token),
      menu: await api('/api/menu', token),
    });
  });

  it('adds the back-office routes for an admin', async () => {
    const token = await admin();
    const { data } = await page('/homepage', token);
    expect(data?.adminRoutes).toEqual(await api('/api/user/routes?type=2', token));
  });

  it("carries a detail screen's item, read as the screen would ask for it", async () => {
    const token = await user();
    const headline = await t.db.kysely
      .selectFrom('headlines')
      .select(['id', 'title'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const id = String(headline.id);
    const { data } = await page(`/headlines/headlines_details/${id}`, token);
    expect(data?.first?.map((f) => f.key)).toEqual([['detail', 'item', CONTENT_INDEXES.business, id]]);
    const reply = data?.first?.[0]?.reply as { code: number; data: TDetailReply };
    expect(reply.code).toBe(0);
    expect(reply.data.detail_info._source.title).toBe(headline.title);
    // An item that cannot be shown is left for the screen to ask for and explain; so is a preview.
    expect((await page('/headlines/headlines_details/999999', token)).data?.first).toBeUndefined();
    expect((await page(`/headlines/headlines_details/${id}?preview=1`, token)).data?.first).toBeUndefined();
    expect((await page('/notes', token)).data?.first).toBeUndefined();
  });

  it("carries an outside-service topic's viewer status beside the item, and only for such a topic", async () => {
    const token = await user();
    const topicOf = async (service: boolean) => {
      let query = t.db.kysely
        .selectFrom('analyses')
        .select('id')
        .where('restricted', '=', 0)
        .where('status', '=', 'published');
      query = service
        ? query.where('anal_data_ext', 'in', [...SERVICE_VIEWERS])
        : query.where('anal_data_ext', 'not in', [...SERVICE_VIEWERS]);
      return String((await query.orderBy('id').executeTakeFirstOrThrow()).id);
    };
    const id = await topicOf(true);
    const { data } = await page(`/analysis/analysis_details/${id}`, token);
    expect(data?.first?.map((f) => f.key)).toEqual([
      ['detail', 'item', CONTENT_INDEXES.insight, id],
      ['analysis', 'status', id],
    ]);
    // The very reply the screen would get from the API.
    expect(data?.first?.[1]?.reply).toEqual(
      await api(`/api/insight_topic/viewer/status?detail_id=${id}`, token),
    );
    const plain = await topicOf(false);
    expect((await page(`/analysis/analysis_details/${plain}`, token)).data?.first?.map((f) => f.key)).toEqual(
      [['detail', 'item', CONTENT_INDEXES.insight, plain]],
    );
  });

  it("carries a list screen's tabs and first page, sized for the reader's window", async () => {
    const token = await user();
    const post = async (payload: object) =>
      (
        await t.app.inject({ method: 'POST', url: '/api/search', headers: { token, source: '1' }, payload })
      ).json<unknown>();
    const search = { tn: 'report', keyword: '', type: 'report', page: 1, source: 'PC', psort: 'new' };
    // 1980 px: six columns, three rows; a phone (no width stored yet): two columns, 12 cards.
    const wide = await t.app.inject({
      method: 'GET',
      url: '/report',
      headers: { cookie: `viewport_width=1980; token=${encodeURIComponent(token)}` },
    });
    const wideData = JSON.parse(BLOCK.exec(wide.body)?.[1] ?? 'null') as TSessionData;
    expect(wideData.first).toEqual([
      { key: ['search', 'labels', 'report'], reply: await api('/api/search/label?pagetype=report', token) },
      {
        key: [
          'search',
          'feed',
          { tn: 'report', keyword: '', type: 'report', psort: 'new', pageSize: 18, filters: {} },
        ],
        reply: await post({ ...search, page_size: 18 }),
        infinite: true,
      },
    ]);
    const phone = await t.app.inject({
      method: 'GET',
      url: '/report?sort=hot',
      headers: { cookie: `token=${encodeURIComponent(token)}`, 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' },
    });
    const phoneData = JSON.parse(BLOCK.exec(phone.body)?.[1] ?? 'null') as TSessionData;
    expect(phoneData.first?.[1]?.key).toEqual([
      'search',
      'feed',
      { tn: 'report', keyword: '', type: 'report', psort: 'hot', pageSize: 12, filters: {} },
    ]);
    // A filtered list is left for the screen to ask for.
    expect((await page('/report?industry=x', token)).data?.first?.map((f) => f.key[1])).toEqual(['labels']);
  });

  it("carries the search page's first results for its keyword, as the page asks for them", async () => {
    const token = await user();
    const first = async (url: string) => (await page(url, token)).data?.first ?? [];
    const found = await first(`/searchpage/searchpage?search=${encodeURIComponent(' 新能源 ')}`);
    expect(found.map((f) => f.key[1])).toEqual(['labels', 'feed']);
    const key = found[1]?.key[2] as { pageSize: number };
    expect(key).toEqual({
      tn: 'all',
      keyword: '新能源',
      type: 'search',
      psort: 'recommend',
      pageSize: key.pageSize,
    });
    const reply = (
      await t.app.inject({
        method: 'POST',
        url: '/api/search',
        headers: { token, source: '1' },
        payload: {
          tn: 'all',
          keyword: '新能源',
          type: 'search',
          page: 1,
          page_size: key.pageSize,
          source: 'PC',
          psort: 'recommend',
        },
      })
    ).json<unknown>();
    expect(found[1]?.reply).toEqual(reply);
    // No keyword: the page asks for one, so there is no list; the 报告 tab's filters stay in the web.
    expect((await first('/searchpage/searchpage?search=%20')).map((f) => f.key[1])).toEqual(['labels']);
    expect(
      (await first(`/searchpage/searchpage?search=${encodeURIComponent('新能源')}&tab=report`)).map(
        (f) => f.key[1],
      ),
    ).toEqual(['labels']);
  });

  it("carries 商业头条's keywords and first page without the hidden keywords, as the screen asks", async () => {
    const token = await user();
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
      (
        await t.app.inject({ method, url, headers: { token, source: '1' }, ...(payload ? { payload } : {}) })
      ).json<{ code: number; data: { keyword_list: { keyword: string }[] } }>();
    const keywords = (await call('GET', '/api/business/subscribe/info')).data.keyword_list.map(
      (k) => k.keyword,
    );
    expect(keywords.length).toBeGreaterThan(1);
    const hidden = keywords[0]!;
    expect(
      (await call('POST', '/api/business/subscribe/keyword/status', { keyword: hidden, status: 0 })).code,
    ).toBe(0);
    try {
      const info = await call('GET', '/api/business/subscribe/info');
      const list = (keyword?: string) =>
        call('POST', '/api/business/list', {
          tn: 'business',
          page: 1,
          page_size: 20,
          psort: 'new',
          subscribe_keyword: [hidden],
          ...(keyword ? { keyword } : {}),
        });
      expect((await page('/headlines', token)).data?.first).toEqual([
        { key: ['subscriptions', 'info'], reply: info },
        { key: ['headlines', 'new', hidden, '', 0], reply: await list(), infinite: true },
      ]);
      // The digest's 查看全部 link narrows the list to one keyword.
      const narrowed = keywords[1]!;
      expect(
        (await page(`/headlines?keyword=${encodeURIComponent(` ${narrowed} `)}`, token)).data?.first,
      ).toEqual([
        { key: ['subscriptions', 'info'], reply: info },
        { key: ['headlines', 'new', hidden, narrowed, 0], reply: await list(narrowed), infinite: true },
      ]);
    } finally {
      await call('POST', '/api/business/subscribe/keyword/status', { keyword: hidden, status: 1 });
    }
  });

  it("carries 机构列表's page the address names and its industry choices, sized for the reader's window", async () => {
    const token = await user();
    const industries = await api('/api/company/industries', token);
    // 1980 px: six columns, 30 organisations a page; a phone: two columns, 24.
    const wide = await t.app.inject({
      method: 'GET',
      url: '/organ?sort=hot&page=2&q=%20研究%20',
      headers: { cookie: `viewport_width=1980; token=${encodeURIComponent(token)}` },
    });
    const filter = { psort: 'hot', keyword: '研究', industry: '' };
    expect((JSON.parse(BLOCK.exec(wide.body)?.[1] ?? 'null') as TSessionData).first).toEqual([
      {
        key: ['organ', 'list', filter, 2, 30],
        reply: await api('/api/company/list?page=2&page_size=30&psort=hot&keyword=研究&industry=', token),
      },
      { key: ['organ', 'industries'], reply: industries },
    ]);
    const phone = await t.app.inject({
      method: 'GET',
      url: '/organ',
      headers: { cookie: `token=${encodeURIComponent(token)}`, 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' },
    });
    const list = (JSON.parse(BLOCK.exec(phone.body)?.[1] ?? 'null') as TSessionData).first?.[0];
    expect(list?.key).toEqual(['organ', 'list', { psort: 'new', keyword: '', industry: '' }, 1, 24]);
    const names = (list?.reply as { data: { data: { company_name: string }[] } }).data.data;
    expect(names.length).toBeGreaterThan(0);
  });

  it("carries a favourites folder's head and first page for its owner only", async () => {
    const token = await user();
    const post = async (url: string, payload: object, as: string) =>
      (await t.app.inject({ method: 'POST', url, headers: { token: as, source: '1' }, payload })).json<{
        code: number;
        data: { id: number };
      }>();
    const created = await post('/api/user/favorite/create', { name: '首屏收藏夹', remark: '' }, token);
    expect(created.code).toBe(0);
    const id = String(created.data.id);
    const reply = await post(
      '/api/user/favorite/list/info',
      { favorite_id: id, page: 1, page_size: 10 },
      token,
    );
    for (const url of [`/collection/collection_details/${id}`, `/self/collection_details/${id}`]) {
      expect((await page(url, token)).data?.first).toEqual([
        { key: ['favorites', 'folder', id], reply, infinite: true },
      ]);
    }
    // Another user's folder, or none: the screen asks, meets the refusal and explains it.
    const adminData = (await page(`/collection/collection_details/${id}`, await admin())).data;
    expect(adminData?.routes).toBeDefined();
    expect(adminData?.first).toBeUndefined();
    expect((await page('/collection/collection_details/999999', token)).data?.first).toBeUndefined();
  });

  it('holds nothing without a live session: no cookie, an unknown token', async () => {
    expect(await page('/report')).toEqual({ cacheControl: 'no-cache', data: null });
    expect(await page('/report', 'not-a-session')).toEqual({ cacheControl: 'no-cache', data: null });
  });
});
