import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRenderedRoot } from './ssr.ts';
import { registerWeb } from './web.ts';

const INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>洞察门户</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/**
 * A render bundle standing in for the web's (web/src/entry-server.tsx, built by `npm run build`;
 * e2e/specs/ssr.spec.ts checks the real one): it echoes what the server handed it, and fails
 * for /broken, so these tests see what the server does with a render and with a failed one. Its
 * render fails until its `warmUp` (loading the screens' code) has finished: the server awaits it
 * at start, so the first page is rendered like every later one.
 */
const FAKE_BUNDLE = `
let warm = false;
export async function warmUp() {
  await new Promise((resolve) => setTimeout(resolve, 50));
  warm = true;
}
export async function render({ url, cookie, userAgent, session }) {
  if (!warm) throw new Error('rendered before the screens were loaded');
  if (url.startsWith('/broken')) throw new Error('render failed');
  if (url.startsWith('/guarded')) return { html: '', rootAttributes: {}, errors: [], redirect: '/login?redirect=%2Fguarded' };
  if (url.startsWith('/offsite')) return { html: '', rootAttributes: {}, errors: [], redirect: '//evil.example/x' };
  const echo = JSON.stringify({ url, cookie, userAgent, session }).replace(/</g, '&lt;');
  return {
    html: '<title>' + (url.startsWith('/login') ? '登录 - 洞察门户' : '页面') + '</title><!--$--><main data-echo="' +
      echo.replace(/"/g, '&quot;') + '">内容</main><!--/$-->',
    rootAttributes: { 'data-viewport-width': '390', 'bad attribute': 'x' },
    errors: [],
  };
}
`;

describe('withRenderedRoot', () => {
  it('puts the markup inside #root and the page’s head tags into <head>, the shell’s title out', () => {
    const html = withRenderedRoot(INDEX_HTML, {
      html: '<link rel="preload" as="image" href="/a.svg"/><title>首页 - 洞察门户</title><div>卡片 $& $1</div>',
      rootAttributes: { 'data-viewport-width': '1440"><script>' },
    });
    expect(html).toContain(
      '<div id="root" data-viewport-width="1440&quot;&gt;&lt;script&gt;"><div>卡片 $& $1</div></div>',
    );
    expect(html.match(/<title>/g)).toHaveLength(1);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>首页 - 洞察门户</title>');
    expect(head).toContain('<link rel="preload" as="image" href="/a.svg"/>');
  });
});

describe('a page rendered by the web’s render bundle', () => {
  let root: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'portal-ssr-'));
    mkdirSync(join(root, 'dist'));
    mkdirSync(join(root, 'dist-ssr'));
    writeFileSync(join(root, 'dist', 'index.html'), INDEX_HTML);
    writeFileSync(join(root, 'dist-ssr', 'entry-server.js'), FAKE_BUNDLE);
    app = Fastify();
    await registerWeb(app, join(root, 'dist'));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('comes with the screen in #root, its title in <head>, rendered for the request', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/login?redirect=%2Freport',
      headers: { cookie: 'viewport_width=390', 'user-agent': 'Mobile Safari' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const root = /<div id="root"([^>]*)>(.*)<\/div>/s.exec(res.body);
    expect(root?.[1]).toBe(' data-viewport-width="390"');
    expect(root?.[2]).toContain('>内容</main>');
    const echo = JSON.parse(
      (/data-echo="([^"]*)"/.exec(res.body)?.[1] ?? '').replace(/&quot;/g, '"').replace(/&lt;/g, '<'),
    ) as Record<string, unknown>;
    // No live session behind the cookie: the render gets none.
    expect(echo).toEqual({
      url: '/login?redirect=%2Freport',
      cookie: 'viewport_width=390',
      userAgent: 'Mobile Safari',
      session: null,
    });
    expect(res.body.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>登录 - 洞察门户</title>']);
  });

  it('leaves the back-office to the browser (antd writes its styles there)', async () => {
    for (const url of ['/admin', '/admin/catalogue']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
    }
    // A reader's path that merely starts with the same letters is rendered.
    const reader = await app.inject({ method: 'GET', url: '/administration' });
    expect(reader.body).not.toContain('<div id="root"></div>');
  });

  it('answers 302 where the guard sends the page elsewhere, never to another site', async () => {
    const res = await app.inject({ method: 'GET', url: '/guarded' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?redirect=%2Fguarded');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe('');
    // A target that is not a path on this site is ignored: the page is served as rendered.
    const offsite = await app.inject({ method: 'GET', url: '/offsite' });
    expect(offsite.statusCode).toBe(200);
    expect(offsite.headers.location).toBeUndefined();
  });

  it('falls back to the plain shell when the render fails', async () => {
    const res = await app.inject({ method: 'GET', url: '/broken' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<title>洞察门户</title>');
  });
});
