import {
  MSG,
  type TAdminBanner,
  type TAdminBannerList,
  type TAuditEntry,
  type TBanner,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { multipartFile, pngHeader, solidPng } from '../account/images.fixture.ts';

type Envelope<T = unknown> = { code: number; message: string; data: T };
const HOUR = 3_600_000;

describe.each(testDatabases())('back-office banners on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = (await login(t, '13800000002')).token;
    user = (await login(t, '13800000001')).token;
  }, 60_000);
  afterAll(() => t.close());

  const call = async <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
  ) => {
    const res = await t.app.inject({ method, url, headers: { token }, payload });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const upload = async (bytes: Buffer, name = 'banner.png') => {
    const { payload, headers } = multipartFile('file', name, bytes);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/banners/upload',
      headers: { ...headers, token: admin },
      payload,
    });
    return { status: res.statusCode, body: res.json<Envelope<{ key: string; url: string }>>() };
  };
  const homeTitles = async () =>
    (await call<TBanner[]>('GET', '/api/banner/list', user)).body.data.map((b) => b.title);
  const adminList = async () => (await call<TAdminBannerList>('GET', '/api/admin/banners', admin)).body.data;
  const create = (body: object) => call<{ id: number }>('POST', '/api/admin/banners', admin, body);

  it('refuses uploads that are not pictures or declare a decompression bomb, storing nothing', async () => {
    const text = await upload(Buffer.from('just text, named .png'));
    expect(text).toMatchObject({ status: 400, body: { message: MSG.adminImageInvalid } });
    const bomb = await upload(pngHeader(50_000, 50_000));
    expect(bomb).toMatchObject({ status: 400, body: { message: MSG.adminImageInvalid } });
    expect(await t.storage.list('public/banners')).toEqual([]);
  });

  it('creates, schedules, disables and reorders banners; the home carousel follows from the next request', async () => {
    const image = (await upload(solidPng(60, 20))).body.data;
    expect(image.key).toMatch(/^public\/banners\/[0-9a-f-]{36}\.png$/);
    const now = t.clock.now().getTime();

    const first = await create({ title: '春季峰会', image_key: image.key, redirect_url: '/report', sort: 1 });
    expect(first.status).toBe(200);
    const later = await create({
      title: '预告',
      image_key: image.key,
      redirect_url: 'https://example.com/a',
      sort: 2,
      starts_at: now + HOUR,
      ends_at: now + 3 * HOUR,
    });
    expect(await homeTitles()).toEqual(['春季峰会']);
    t.clock.advance(3600);
    expect(await homeTitles()).toEqual(['春季峰会', '预告']);
    t.clock.advance(2 * 3600);
    expect(await homeTitles()).toEqual(['春季峰会']);

    const disabled = await call<TAdminBanner>(
      'POST',
      `/api/admin/banners/${first.body.data.id}/disable`,
      admin,
    );
    expect(disabled.body.data).toMatchObject({ enabled: 0, live: false });
    expect(await homeTitles()).toEqual([]);
    await call('POST', `/api/admin/banners/${first.body.data.id}/enable`, admin);
    expect(await homeTitles()).toEqual(['春季峰会']);

    // Reopen the schedule, then put 预告 first.
    const row = (await adminList()).data.find((b) => b.id === later.body.data.id)!;
    const edited = await call<TAdminBanner>('PUT', `/api/admin/banners/${row.id}`, admin, {
      ...row,
      ends_at: null,
    });
    expect(edited.body.data).toMatchObject({ ends_at: null, live: true, version: row.version + 1 });
    const order = await call<TAdminBannerList>('PUT', '/api/admin/banners/order', admin, {
      ids: [later.body.data.id, first.body.data.id],
    });
    expect(order.body.data.data.map((b) => b.title)).toEqual(['预告', '春季峰会']);
    expect(await homeTitles()).toEqual(['预告', '春季峰会']);
    const stale = await call('PUT', '/api/admin/banners/order', admin, { ids: [first.body.data.id] });
    expect(stale).toMatchObject({ status: 400, body: { message: MSG.adminBannerOrderInvalid } });
  });

  it('refuses bad input with the contract message and changes nothing', async () => {
    const before = await adminList();
    const image = (await upload(solidPng(30, 10))).body.data.key;
    const cases: [object, string][] = [
      [{ title: '', image_key: image }, MSG.adminTitleRequired],
      [{ title: '链接', image_key: image, redirect_url: 'javascript:alert(1)' }, MSG.adminBannerLinkInvalid],
      [{ title: '链接', image_key: image, redirect_url: '//evil.example.com' }, MSG.adminBannerLinkInvalid],
      [{ title: '无图', image_key: '' }, MSG.adminBannerImageRequired],
      [{ title: '私有文件', image_key: 'reports/1/u1/report.pdf' }, MSG.adminFileMissing],
      [
        { title: '未上传', image_key: 'public/banners/00000000-0000-0000-0000-000000000000.png' },
        MSG.adminFileMissing,
      ],
      [{ title: '排期', image_key: image, starts_at: 2000, ends_at: 1000 }, MSG.adminScheduleInvalid],
      [{ title: '排序', image_key: image, sort: -1 }, MSG.adminSortInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, body: { message } });
    }
    expect(await adminList()).toEqual(before);
  });

  it('refuses a save over a newer version (409) and unknown ids (404)', async () => {
    const row = (await adminList()).data[0]!;
    const body = { ...row, title: '第一次保存' };
    expect((await call('PUT', `/api/admin/banners/${row.id}`, admin, body)).status).toBe(200);
    const second = await call('PUT', `/api/admin/banners/${row.id}`, admin, { ...body, title: '过期的保存' });
    expect(second).toMatchObject({ status: 409, body: { message: MSG.adminVersionConflict } });
    expect((await adminList()).data[0]!.title).toBe('第一次保存');
    for (const [method, url] of [
      ['PUT', '/api/admin/banners/999999'],
      ['POST', '/api/admin/banners/999999/disable'],
      ['DELETE', '/api/admin/banners/999999'],
    ] as const) {
      const res = await call(method, url, admin, method === 'PUT' ? body : undefined);
      expect(res, url).toMatchObject({ status: 404, body: { message: MSG.adminBannerNotFound } });
    }
  });

  it('shows click counts, deletes a banner with its clicks, and audits every write before → after', async () => {
    const row = (await adminList()).data[0]!;
    await call('POST', '/api/banner/log', user, { banner_id: row.id });
    await call('POST', '/api/banner/log', user, { banner_id: row.id });
    expect((await adminList()).data[0]!.clicks).toBe(2);
    const removed = await call<{ clicks: number }>('DELETE', `/api/admin/banners/${row.id}`, admin);
    expect(removed.body.data).toEqual({ clicks: 2 });
    expect(await homeTitles()).not.toContain(row.title);

    const audit = (
      await call<{ data: TAuditEntry[] }>('GET', '/api/admin/audit?target_type=banner&page_size=100', admin)
    ).body.data.data;
    const actions = new Set(audit.map((e) => e.action));
    for (const action of [
      'banner.create',
      'banner.update',
      'banner.disable',
      'banner.enable',
      'banner.reorder',
      'banner.delete',
    ]) {
      expect(actions, action).toContain(action);
    }
    const disable = audit.find((e) => e.action === 'banner.disable')!;
    expect(disable).toMatchObject({ before: { enabled: 1 }, after: { enabled: 0 } });
    const rename = audit.find(
      (e) => e.action === 'banner.update' && (e.after as { title?: string }).title === '第一次保存',
    );
    expect(rename?.before).toMatchObject({ title: expect.any(String) });
    expect(audit.find((e) => e.action === 'banner.delete')).toMatchObject({
      target_id: row.id,
      before: { clicks: 2 },
    });
  });
});
