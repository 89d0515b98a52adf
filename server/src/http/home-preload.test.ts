import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BANNER_IMAGE_SIZES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, solidPng } from '../modules/account/images.fixture.ts';
import { login } from '../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../test/testApp.ts';
import { withImagePreload } from './web.ts';

const INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>洞察门户</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;

describe('withImagePreload', () => {
  it('asks for the responsive copies the carousel picks from, or the picture itself when it has none', () => {
    const html = withImagePreload(INDEX_HTML, '/files/demo/banners/1.png');
    const sizes = BANNER_IMAGE_SIZES.replace(/&/g, '&amp;');
    expect(html).toContain(
      `<link rel="preload" as="image" imagesrcset="/files/demo/banners/1.png.w320.webp 320w, /files/demo/banners/1.png.w640.webp 640w, /files/demo/banners/1.png.w960.webp 960w, /files/demo/banners/1.png.w1440.webp 1440w" imagesizes="${sizes}" fetchpriority="high">\n  </head>`,
    );
    expect(withImagePreload(INDEX_HTML, 'https://cdn.example.com/a.png?x="1"')).toContain(
      '<link rel="preload" as="image" href="https://cdn.example.com/a.png?x=&quot;1&quot;" fetchpriority="high">',
    );
  });

  it('puts the picture before the scripts, so it is not queued behind them', () => {
    const built = INDEX_HTML.replace(
      '</title>',
      '</title>\n    <script type="module" src="/assets/index.js"></script>\n    <link rel="modulepreload" href="/assets/react.js">',
    );
    const html = withImagePreload(built, '/files/b.png');
    const order = ['rel="preload" as="image"', '<script type="module"', 'rel="modulepreload"'].map((tag) =>
      html.indexOf(tag),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});

describe.each(testDatabases())('the home page HTML preloads the first banner on %s', (kind) => {
  let t: TestApp;
  let webDist: string;
  let admin: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    // No demo content: the banners are made the way an editor makes them.
    t = await buildTestApp(kind, { env: { WEB_DIST: webDist } });
    admin = (await login(t, '13800000002')).token;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    return res.body;
  };
  const adminPost = async <T>(url: string, payload?: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { token: admin }, payload });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const bannerImage = async () => {
    const { payload, headers } = multipartFile('file', 'banner.png', solidPng(60, 20));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/banners/upload',
      headers: { ...headers, token: admin },
      payload,
    });
    return res.json<{ data: { key: string } }>().data.key;
  };

  it('names the first live banner on /homepage only, and nothing once no banner is live', async () => {
    expect(await page('/homepage')).not.toContain('rel="preload"');
    const [firstKey, secondKey] = [await bannerImage(), await bannerImage()];
    const second = await adminPost<{ id: number }>('/api/admin/banners', {
      title: '第二',
      image_key: secondKey,
      redirect_url: '/report',
      sort: 2,
    });
    const first = await adminPost<{ id: number }>('/api/admin/banners', {
      title: '第一',
      image_key: firstKey,
      redirect_url: '/report',
      sort: 1,
    });
    expect(await page('/homepage')).toContain(`imagesrcset="/files/${firstKey}.w320.webp 320w`);
    expect(await page('/homepage?tab=report')).toContain('rel="preload" as="image"');
    expect(await page('/report')).not.toContain('rel="preload"');

    await adminPost(`/api/admin/banners/${first.id}/disable`);
    expect(await page('/homepage')).toContain(`imagesrcset="/files/${secondKey}.w320.webp 320w`);
    await adminPost(`/api/admin/banners/${second.id}/disable`);
    expect(await page('/homepage')).not.toContain('rel="preload"');
  });
});
