import { ID_MAX, MSG } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PHONE } from '../seed/demo-users.ts';
import { login } from '../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../test/testApp.ts';

type Call = {
  method: 'GET' | 'POST';
  url: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
};

/**
 * Every call that names a row by id, with `X` where the id goes. On PostgreSQL ids are 32-bit
 * columns: an id past 2,147,483,647 used to reach the database and answer 500.
 */
const X = '<id>';
const CALLS: Call[] = [
  { method: 'POST', url: '/api/detail', body: { detail_id: X, index: 'portal_report' } },
  { method: 'POST', url: '/api/detail', body: { detail_id: X, index: 'portal_business' } },
  { method: 'POST', url: '/api/detail', body: { detail_id: X, index: 'portal_insight' } },
  { method: 'POST', url: '/api/detail', body: { detail_id: X, index: 'mockup_open_screen' } },
  {
    method: 'GET',
    url: '/wxqrcode',
    query: { type: 'wxqrcode_report_detail', id: X, index: 'portal_report' },
  },
  {
    method: 'GET',
    url: '/wxqrcode',
    query: { type: 'wxqrcode_headline_detail', id: X, index: 'portal_business' },
  },
  { method: 'POST', url: '/api/recommend', body: { detail_id: X, index: 'portal_report' } },
  {
    method: 'POST',
    url: '/api/user/usefulness',
    body: { data_id: X, data_type: 'portal_report', status: 1 },
  },
  {
    method: 'POST',
    url: '/api/front-buried',
    body: { action: 'download', subject: 'report', subject_id: X },
  },
  {
    method: 'POST',
    url: '/api/user/behavior/click',
    body: { data_id: X, data_type: 'portal_report', field: 'download_num' },
  },
  {
    method: 'POST',
    url: '/api/insight_topic/shortcut/create',
    body: { id: X, title: '专题', index: 'portal_insight', anal_type: 'industry' },
  },
  { method: 'POST', url: '/api/insight_topic/shortcut/delete', body: { id: X, index: 'portal_insight' } },
  { method: 'GET', url: '/api/insight_topic/file/sheets', query: { detail_id: X } },
  { method: 'GET', url: '/api/insight_topic/file/html', query: { detail_id: X } },
  { method: 'POST', url: '/api/baidu/bml/image/classfication', query: { detail_id: X } },
  { method: 'POST', url: '/api/search', body: { tn: 'company_report', id: X } },
  { method: 'GET', url: '/api/search/label', query: { pagetype: 'organ', id: X } },
  { method: 'POST', url: '/api/banner/log', body: { banner_id: X } },
  { method: 'POST', url: '/api/user/favorite/list', body: { favorite_id: X } },
  { method: 'POST', url: '/api/user/favorite/list', body: { data_id: X, data_type: 'portal_report' } },
  { method: 'POST', url: '/api/user/favorite/list/info', body: { favorite_id: X } },
  { method: 'GET', url: '/api/user/favorite/list/info', query: { favorite_id: X } },
  { method: 'GET', url: '/api/user/favorite/count', query: { favorite_id: X } },
  { method: 'POST', url: '/api/user/favorite/update', body: { id: X, name: '新名字' } },
  { method: 'POST', url: '/api/user/favorite/delete', body: { id: X } },
  { method: 'GET', url: '/api/user/favorite/detail', query: { id: X } },
  {
    method: 'POST',
    url: '/api/user/favorite',
    body: { favorite_id: X, data_id: '1', data_type: 'portal_report', status: 1 },
  },
  { method: 'POST', url: '/api/user/favorite', body: { data_id: X, data_type: 'portal_report', status: 1 } },
  { method: 'GET', url: '/api/user/note/list', query: { data_id: X, data_type: 'portal_report' } },
  {
    method: 'POST',
    url: '/api/user/note/create',
    body: { content: '笔记', data_id: X, data_type: 'portal_report' },
  },
  { method: 'POST', url: '/api/user/note/update', body: { id: X, content: '笔记' } },
  { method: 'POST', url: '/api/user/note/delete', body: { id: X } },
  { method: 'GET', url: '/api/user/note/draw', query: { data_id: X, type: 'portal_report' } },
  {
    method: 'POST',
    url: '/api/user/note/draw/update',
    body: { data_id: X, type: 'portal_report', status: 1 },
  },
  { method: 'GET', url: '/api/company/detail', query: { id: X } },
  { method: 'GET', url: '/api/company/detail/list', query: { id: X, tn: 'company_product' } },
  { method: 'GET', url: '/api/company/detail/list', query: { id: X, tn: 'company_report' } },
  { method: 'GET', url: '/api/company/detail/list', query: { id: X, tn: 'company_product_es' } },
  { method: 'GET', url: '/api/company/product/detail', query: { product_id: X } },
  { method: 'GET', url: '/api/company/product/detail', query: { id: X } },
  { method: 'GET', url: '/api/company/product/detail', query: { product_id: '1', company_id: X } },
  { method: 'GET', url: '/api/company/product/content/list', query: { product_id: X } },
  { method: 'GET', url: '/api/company/product/content/detail', query: { id: X } },
  { method: 'POST', url: '/api/company/authorize', body: { company_id: X } },
  { method: 'GET', url: '/api/company/contact/detail', query: { type: '1', id: X } },
  {
    method: 'POST',
    url: '/api/company/contact/create',
    body: {
      type: 2,
      company_id: X,
      company: '星河科技',
      department: '市场部',
      job: '经理',
      name: '张三',
      email: 'zhang@example.com',
      phone: '13812345678',
    },
  },
  { method: 'GET', url: '/api/admin/digest/deliveries', query: { run_id: X } },
];

/** The call with `id` in place of X: as text in a query string, as given in a JSON body. */
function inject(t: TestApp, token: string, call: Call, id: string | number) {
  const fill = (value: unknown) => (value === X ? id : value);
  const query = Object.entries(call.query ?? {})
    .map(([k, v]) => `${k}=${encodeURIComponent(String(fill(v)))}`)
    .join('&');
  const body = call.body && Object.fromEntries(Object.entries(call.body).map(([k, v]) => [k, fill(v)]));
  return t.app.inject({
    method: call.method,
    url: query === '' ? call.url : `${call.url}?${query}`,
    headers: { token },
    ...(body ? { payload: body } : {}),
  });
}

const label = (call: Call) =>
  `${call.method} ${call.url} ${Object.keys({ ...call.query, ...call.body })
    .filter((k) => (call.query?.[k] ?? call.body?.[k]) === X)
    .join()}`;

describe.each(testDatabases())('ids past the 32-bit range on %s', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    // The admin may call every route above, so each reaches its id rather than a refusal.
    token = (await login(t, DEMO_ADMIN_PHONE)).token;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  // 2^31, 2^53 + 1 (not even a safe integer), a number that overflows a double, a negative one.
  describe.each(['2147483648', '9007199254740993', '1e400', '-1', 2147483648, -1])('id %j', (id) => {
    it.each(CALLS.map((call) => [label(call), call] as const))(
      '%s → 400 请求参数错误',
      async (_name, call) => {
        const res = await inject(t, token, call, id);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({ code: -1, message: MSG.badRequest, data: null });
      },
    );
  });

  it('the largest id is looked up and simply not found: no route fails on it', async () => {
    for (const call of CALLS) {
      const res = await inject(t, token, call, ID_MAX);
      expect(res.statusCode, `${label(call)}: ${res.body}`).toBeLessThan(500);
    }
  });

  it('a valid id still works, as a number or as text', async () => {
    const [headline] = (await t.content.addHeadlines([
      {
        title: '边界测试头条',
        description: '边界',
        content: '<p>边界</p>',
        published_at: t.clock.now().getTime(),
      },
    ])) as [number];
    for (const detailId of [headline, String(headline)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/detail',
        payload: { detail_id: detailId, index: 'portal_business' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.detail_info._id).toBe(String(headline));
    }
    const qr = await t.app.inject({
      method: 'GET',
      url: `/wxqrcode?type=wxqrcode_headline_detail&id=${headline}&index=portal_business`,
    });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    const organ = (await t.content.addOrganisations([{ name: '边界机构', is_certification: 1 }])).get(
      '边界机构',
    );
    const company = await t.app.inject({
      method: 'GET',
      url: `/api/company/detail?id=${organ}`,
      headers: { token },
    });
    expect(company.statusCode).toBe(200);
    expect(company.json().code).toBe(0);
  });
});
