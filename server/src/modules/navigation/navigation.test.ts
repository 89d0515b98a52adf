import { ADMIN_ROUTES, DEFAULT_THEME, MSG, USER_ROUTES, type TMenuItem } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

describe.each(testDatabases())('routes and menu on %s', (kind) => {
  let t: TestApp;
  let userToken: string;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    userToken = (await login(t, '13800000001')).token;
    adminToken = (await login(t, '13800000002')).token;
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: { token, source: '1' } });

  it('type 1 gives the ordinary routes, branding and the user', async () => {
    const res = await get('/api/user/routes?type=1', userToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      message: 'success',
      data: {
        routes: USER_ROUTES,
        login_role_type: [1],
        logo: '/brand/logo.svg',
        style: DEFAULT_THEME,
        user: { phone: '13800000001', nickname: '演示用户', avatar: '', email: 'user1@example.com' },
      },
    });
  });

  it('type 2 is for admins only: 403 with code 1001 for an ordinary user', async () => {
    const denied = await get('/api/user/routes?type=2', userToken);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ code: 1001, message: MSG.noPermission, data: null });

    const admin = await get('/api/user/routes?type=2', adminToken);
    expect(admin.json().data).toMatchObject({
      routes: ADMIN_ROUTES,
      login_role_type: [1, 2],
      user: { nickname: '管理员' },
    });
    expect((await get('/api/user/routes?type=1', adminToken)).json().data.routes).toEqual(USER_ROUTES);
  });

  it('rejects a type other than 1 or 2', async () => {
    for (const url of ['/api/user/routes?type=3', '/api/user/routes?type=x', '/api/user/routes']) {
      const res = await get(url, userToken);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ code: -1, message: MSG.badRequest, data: null });
    }
  });

  it('the menu is the sidebar tree with the eight analysis categories', async () => {
    const res = await get('/api/menu', userToken);
    expect(res.statusCode).toBe(200);
    const menu = res.json<{ data: TMenuItem[] }>().data;
    expect(menu.map((m) => [m.title, m.path])).toEqual([
      ['首页', '/homepage'],
      ['商业头条', '/headlines'],
      ['洞察专题', '/analysis'],
      ['报告', '/report'],
      ['素材', '/material'],
      ['机构', '/organ'],
      ['我的收藏', '/collection'],
      ['我的笔记', '/notes'],
      ['意见反馈', '/feedback'],
    ]);
    expect(menu[0]).toEqual({ key: 'homepage', title: '首页', path: '/homepage', icon: 'HomeOutlined' });
    const analysis = menu[2]?.children ?? [];
    expect(analysis.map((c) => c.title)).toEqual([
      '行业研究',
      '品牌洞察',
      '竞品分析',
      '用户画像',
      '营销投放',
      '渠道零售',
      '舆情监测',
      '数据看板',
    ]);
    expect(analysis[0]).toEqual({
      key: 'analysis-industry',
      title: '行业研究',
      path: '/analysis?anal_type=industry',
    });
    for (const item of menu) {
      expect(item.icon).toMatch(/^[A-Z][A-Za-z]+Outlined$/);
    }
  });

  it('both calls need a session', async () => {
    for (const url of ['/api/menu', '/api/user/routes?type=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: -1, message: MSG.unauthorized, data: null });
    }
  });
});

describe('branding from config', () => {
  it('uses LOGO_URL and THEME overrides', async () => {
    const t = await buildTestApp('sqlite', {
      env: { LOGO_URL: '/files/logo.png', THEME: '{"theme_color":"#1677ff"}' },
    });
    try {
      const { token } = await login(t, '13800000001');
      const data = (await t.app.inject({ url: '/api/user/routes?type=1', headers: { token } })).json().data;
      expect(data.logo).toBe('/files/logo.png');
      expect(data.style).toEqual({ ...DEFAULT_THEME, theme_color: '#1677ff' });
    } finally {
      await t.close();
    }
  });
});
