import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTENT_INDEXES, type TDetailReply, type THeadlineSource } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_PHONE } from '../../seed/demo-users.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

const INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="utf-8">
    <meta name="description" content="洞察门户">
    <title>洞察门户</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/app.js"></script></body>
</html>
`;

const HOSTILE_BODY = [
  '<p>正文</p>',
  '<script>alert(1)</script>',
  '<img src="https://img.example.com/a.png" onerror="alert(2)">',
  '<a href="javascript:alert(3)">链接</a>',
  '<img src="data:image/png;base64,iVBORw0KGgo=">',
  '<svg onload="alert(4)"><circle r="1"/></svg>',
].join('');

describe.each(testDatabases())('shared headline page, old domains and headline HTML on %s', (kind) => {
  let t: TestApp;
  let webDist: string;
  let headlineId: number;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    t = await buildTestApp(kind, {
      env: {
        WEB_DIST: webDist,
        OLD_DOMAINS: 'old.example.com,legacy.example.cn',
        PUBLIC_URL: 'https://portal.example.com',
      },
    });
    [headlineId] = (await t.content.addHeadlines([
      {
        title: '宁德时代发布"麒麟"电池 <script>alert(1)</script>',
        description: '续航 & 快充 <b>双突破</b>',
        content: HOSTILE_BODY,
        published_at: t.clock.now().getTime() - 60_000,
      },
    ])) as [number];
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('puts the headline title and description into the shared page, escaped', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/headlines_no_token/${headlineId}?id=${headlineId}&index=${CONTENT_INDEXES.business}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    const title = '宁德时代发布&quot;麒麟&quot;电池 &lt;script&gt;alert(1)&lt;/script&gt;';
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${title}">`);
    expect(html).toContain(
      '<meta property="og:description" content="续航 &amp; 快充 &lt;b&gt;双突破&lt;/b&gt;">',
    );
    expect(html).toContain('<meta name="description" content="续航 &amp; 快充');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('<div id="root"></div>');
  });

  it('serves the plain page for an unknown shared headline or another path', async () => {
    for (const url of ['/headlines_no_token/999999', '/homepage']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>洞察门户</title>');
    }
  });

  it('keeps script out of headline content (script, onerror, javascript:, data:, SVG)', async () => {
    const { token } = await login(t, DEMO_USER_PHONE);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/detail',
      headers: { token },
      payload: { index: CONTENT_INDEXES.business, detail_id: String(headlineId) },
    });
    const content = res.json<{ data: TDetailReply<THeadlineSource> }>().data.detail_info._source.content;
    expect(content).toContain('<p>正文</p>');
    expect(content).toContain('<img src="https://img.example.com/a.png" />');
    expect(content).not.toMatch(/<script|onerror|javascript:|data:|<svg|onload|alert/i);
  });

  it('shows old domains the moved notice with a countdown to the same path on PUBLIC_URL', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/report/report_details/3?id=3&index=portal_report',
      headers: { host: 'Old.Example.com:8080' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const target = 'https://portal.example.com/report/report_details/3?id=3&amp;index=portal_report';
    expect(res.body).toContain(`<meta http-equiv="refresh" content="4;url=${target}">`);
    expect(res.body).toContain('<span id="moved-seconds">4</span>');
    expect(res.body).toContain(`<a id="moved-target" href="${target}">`);
    expect(res.body).toContain('<script src="/moved/countdown.js" defer></script>');
    expect(res.body).not.toMatch(/<script>/);
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/detail',
      headers: { host: 'legacy.example.cn' },
      payload: {},
    });
    expect(api.body).toContain('本网站已迁移至新域名');
    const script = await t.app.inject({
      method: 'GET',
      url: '/moved/countdown.js',
      headers: { host: 'old.example.com' },
    });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('moved-seconds');
    const current = await t.app.inject({
      method: 'GET',
      url: '/homepage',
      headers: { host: 'portal.example.com' },
    });
    expect(current.body).not.toContain('本网站已迁移至新域名');
  });
});
