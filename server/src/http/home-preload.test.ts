import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BANNER_IMAGE_SIZES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    t = await buildTestApp(kind, { demoReports: 0, env: { WEB_DIST: webDist } });
  }, 120_000);
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

  it('names the first live banner on /homepage only, and nothing once no banner is live', async () => {
    const first = await t.db.kysely
      .selectFrom('banners')
      .select('image_key')
      .orderBy('sort')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(await page('/homepage')).toContain(`imagesrcset="/files/${first.image_key}.w320.webp 320w`);
    expect(await page('/homepage?tab=report')).toContain('rel="preload" as="image"');
    expect(await page('/report')).not.toContain('rel="preload"');

    await t.db.kysely.updateTable('banners').set({ enabled: 0 }).execute();
    expect(await page('/homepage')).not.toContain('rel="preload"');
  });
});
