import { MSG } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { createBannersRepo } from './banners.repo.ts';

describe.each(testDatabases())('banners on %s', (kind) => {
  let t: TestApp;
  let token: string;
  const ids: number[] = [];
  beforeAll(async () => {
    t = await buildTestApp(kind);
    token = (await login(t, '13800000001')).token;
    const repo = createBannersRepo(t.db);
    const at = t.clock.now().getTime();
    ids.push(
      await repo.insert({
        title: '第二',
        image_key: 'banners/2.png',
        redirect_url: 'https://example.com/2',
        sort: 2,
        created_at: at,
      }),
    );
    ids.push(
      await repo.insert({
        title: '第一',
        image_key: 'banners/1.png',
        redirect_url: '/homepage',
        sort: 1,
        created_at: at,
      }),
    );
    ids.push(
      await repo.insert({ title: '停用', image_key: 'banners/3.png', sort: 0, enabled: 0, created_at: at }),
    );
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = { token },
  ) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('lists enabled banners in order with image URLs', async () => {
    const res = await call('GET', '/api/banner/list');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      message: 'success',
      data: [
        { id: ids[1], title: '第一', image_url: '/files/banners/1.png', redirect_url: '/homepage' },
        {
          id: ids[0],
          title: '第二',
          image_url: '/files/banners/2.png',
          redirect_url: 'https://example.com/2',
        },
      ],
    });
  });

  it('logs a click', async () => {
    const res = await call('POST', '/api/banner/log', { banner_id: ids[0] });
    expect(res.json()).toEqual({ code: 0, message: 'success', data: null });
    await call('POST', '/api/banner/log', { banner_id: String(ids[0]) });
    expect(await createBannersRepo(t.db).clicks(ids[0] ?? 0)).toBe(2);
  });

  it('refuses an unknown or bad banner id', async () => {
    const missing = await call('POST', '/api/banner/log', { banner_id: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: -1, message: MSG.notFound, data: null });
    expect((await call('POST', '/api/banner/log', { banner_id: 'x' })).statusCode).toBe(400);
    expect((await call('POST', '/api/banner/log', {})).statusCode).toBe(400);
  });

  it('needs a token', async () => {
    expect((await call('GET', '/api/banner/list', undefined, {})).statusCode).toBe(401);
    expect((await call('POST', '/api/banner/log', { banner_id: ids[0] }, {})).statusCode).toBe(401);
  });
});
