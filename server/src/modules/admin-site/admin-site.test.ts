import {
  DEFAULT_THEME,
  MSG,
  ZAdminMenuReply,
  ZAdminThemeReply,
  type TMenuItem,
  type TRoutesReply,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

type Envelope<T = unknown> = { code: number; message: string; data: T };

const THEME = {
  theme_color: '#1677ff',
  nav_font_color: '#1f1f1f',
  button_bg1: '#1677ff',
  button_bg2: '#4096ff',
  border_bg_check: '#1677ff',
  button_bg_check: '#e6f4ff',
  nav_background: '#ffffff',
  logo: '/files/public/brand/logo.png',
};

describe.each(testDatabases())('menu and theme on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = (await login(t, '13800000002')).token;
    user = (await login(t, '13800000001')).token;
  }, 60_000);
  afterAll(() => t.close());

  const call = async <T = unknown>(method: 'GET' | 'PUT', url: string, token: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: { token }, payload });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const userMenu = async () => (await call<TMenuItem[]>('GET', '/api/menu', user)).body.data;
  const flat = (items: TMenuItem[]): TMenuItem[] => items.flatMap((i) => [i, ...flat(i.children ?? [])]);
  const session = async () => (await call<TRoutesReply>('GET', '/api/user/routes?type=1', user)).body.data;

  it("edits a menu item: the user's menu follows; bad input and stale versions change nothing", async () => {
    const items = ZAdminMenuReply.parse((await call('GET', '/api/admin/site/menu', admin)).body.data).items;
    const item = items.find((i) => i.parent_id === null && i.path !== '/');
    expect(item).toBeDefined();
    const { id, version, sort_order } = item!;
    const put = (body: object) => call('PUT', `/api/admin/site/menu/${id}`, admin, body);

    expect(await put({ title: '', path: item!.path, sort_order, enabled: true, version })).toMatchObject({
      status: 400,
      body: { message: MSG.adminMenuLabelRequired },
    });
    expect(
      await put({ title: '研究', path: 'javascript:alert(1)', sort_order, enabled: true, version }),
    ).toMatchObject({
      status: 400,
      body: { message: MSG.adminMenuPathInvalid },
    });
    expect(
      await put({ title: '研究', path: item!.path, sort_order, enabled: true, version: version + 3 }),
    ).toMatchObject({
      status: 409,
      body: { message: MSG.adminVersionConflict },
    });
    expect(
      (
        await call('PUT', '/api/admin/site/menu/999999', admin, {
          title: 'x',
          path: '/x',
          sort_order: 1,
          enabled: true,
          version: 1,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call('PUT', `/api/admin/site/menu/${id}`, user, {
          title: 'x',
          path: '/x',
          sort_order: 1,
          enabled: true,
          version,
        })
      ).status,
    ).toBe(403);
    expect(flat(await userMenu()).find((m) => m.key === item!.key)?.title).toBe(item!.title);

    const renamed = await put({ title: '研究报告库', path: item!.path, sort_order, enabled: true, version });
    expect(renamed.status).toBe(200);
    expect(flat(await userMenu()).find((m) => m.key === item!.key)?.title).toBe('研究报告库');
    const hidden = await put({
      title: '研究报告库',
      path: item!.path,
      sort_order,
      enabled: false,
      version: version + 1,
    });
    expect(hidden.status).toBe(200);
    expect(flat(await userMenu()).some((m) => m.key === item!.key)).toBe(false);

    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('target_type', '=', 'menu_item')
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['site.menu_update', 'site.menu_update']);
    expect(JSON.parse(String(audit[0]?.after))).toEqual({ title: '研究报告库' });
    expect(JSON.parse(String(audit[1]?.before))).toEqual({ enabled: 1 });
  });

  it('saves the theme: the session reply carries it; a bad colour or stale version changes nothing', async () => {
    const first = ZAdminThemeReply.parse((await call('GET', '/api/admin/site/theme', admin)).body.data);
    expect(first).toMatchObject({ ...DEFAULT_THEME, version: 0 });
    const bad = await call('PUT', '/api/admin/site/theme', admin, {
      ...THEME,
      theme_color: 'red',
      version: 0,
    });
    expect(bad).toMatchObject({ status: 400, body: { message: MSG.adminColorInvalid } });
    const badLogo = await call('PUT', '/api/admin/site/theme', admin, {
      ...THEME,
      logo: 'javascript:x',
      version: 0,
    });
    expect(badLogo).toMatchObject({ status: 400, body: { message: MSG.adminLogoInvalid } });
    expect((await session()).style).toEqual(DEFAULT_THEME);

    const saved = await call('PUT', '/api/admin/site/theme', admin, { ...THEME, version: 0 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { logo, ...colours } = THEME;
    expect(await session()).toMatchObject({ style: colours, logo });

    const stale = await call('PUT', '/api/admin/site/theme', admin, {
      ...THEME,
      theme_color: '#000000',
      version: 0,
    });
    expect(stale).toMatchObject({ status: 409, body: { message: MSG.adminVersionConflict } });
    expect((await session()).style.theme_color).toBe('#1677ff');
    const entry = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', '=', 'site.theme_update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(entry.after))).toMatchObject({ theme_color: '#1677ff', logo });
  });
});
