import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_USER, hydrated, launchChromium, screenshot, sessionFor } from '../src/browser.ts';
import {
  httpsRequest,
  negotiatedProtocol,
  NGINX,
  startNginx,
  type Nginx,
  type RawReply,
} from '../src/nginx.ts';
import { startPortal, type PortalServer } from '../src/server.ts';

const ASSETS = new URL('../../web/dist/assets/', import.meta.url).pathname;
/** Calls one client address may make to sendCode + login per window, for this portal. */
const IP_LIMIT = 6;
const HSTS = /^max-age=\d{8,}; includeSubDomains$/;
const UPLOAD_LIMIT = 4 * 1024 * 1024;

/** An uncompressed 24-bit BMP of side × side pixels (54-byte header + padded rows): ~3·side² bytes. */
function bmp(side: number): Buffer {
  const row = Math.ceil((side * 3) / 4) * 4;
  const size = 54 + row * side;
  const b = Buffer.alloc(size, 0x7f);
  b.write('BM', 0, 'ascii');
  b.writeUInt32LE(size, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(side, 18);
  b.writeInt32LE(side, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(0, 30);
  b.writeUInt32LE(row * side, 34);
  return b;
}

function multipart(
  field: string,
  filename: string,
  bytes: Buffer,
  contentType = 'image/bmp',
): { body: Buffer; type: string } {
  const boundary = `----portal${Date.now().toString(16)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

function decoded(reply: RawReply): Buffer {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') {
    return brotliDecompressSync(reply.body);
  }
  return encoding === 'gzip' ? gunzipSync(reply.body) : reply.body;
}

const json = (reply: RawReply) =>
  JSON.parse(decoded(reply).toString('utf8')) as { code: number; message: string; data: unknown };

/** Skipped where nginx is not installed, unless the run requires every e2e spec (CI: REQUIRE_E2E=1). */
const noNginx = !existsSync(NGINX) && !process.env.REQUIRE_E2E;

describe.skipIf(noNginx)('the portal behind nginx (deploy/nginx.conf, TLS)', () => {
  let portal: PortalServer;
  let nginx: Nginx;
  let token: string;
  beforeAll(async () => {
    portal = await startPortal({ TRUST_PROXY: '1', RATE_LIMIT_IP_PER_WINDOW: String(IP_LIMIT) });
    nginx = await startNginx(new URL(portal.url).host);
    token = (await sessionFor(portal, DEMO_USER)).token;
  });
  afterAll(async () => {
    await nginx?.stop();
    await portal?.stop();
  });

  const sendCode = (phone: string, from: string, headers: Record<string, string> = {}) =>
    httpsRequest(`${nginx.url}/api/sendCode?phone=${phone}`, {
      localAddress: from,
      headers: { source: '1', ...headers },
    });

  it('speaks HTTP/2 over TLS and sends plain http to https', async () => {
    expect(await negotiatedProtocol(nginx.port)).toBe('h2');
    const plain = await fetch(`${nginx.httpUrl}/homepage?tab=report`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toMatch(/^https:\/\/127\.0\.0\.1(:\d+)?\/homepage\?tab=report$/);
  });

  it('limits each client by the address nginx saw, whatever X-Forwarded-For it sends itself', async () => {
    // Two clients: 127.0.0.2 and 127.0.0.3 (all of 127/8 is this machine).
    for (let i = 0; i < IP_LIMIT; i++) {
      const phone = `1390000${String(2000 + i)}`;
      const res = await sendCode(phone, '127.0.0.2', { 'x-forwarded-for': `203.0.113.${i + 1}` });
      expect(res.status, `call ${i + 1}: ${res.body.toString()}`).toBe(200);
    }
    const limited = await sendCode('13900003000', '127.0.0.2', { 'x-forwarded-for': '203.0.113.99' });
    expect(limited.status).toBe(429);
    expect(json(limited)).toMatchObject({ code: -1, message: '请求过于频繁，请稍后再试' });

    const other = await sendCode('13900003001', '127.0.0.3');
    expect(other.status).toBe(200);
    expect(json(other).code).toBe(0);
  });

  it("passes uploads up to 4 MiB; a larger one gets the portal's message, never nginx's page", async () => {
    const upload = (bytes: Buffer) => {
      const form = multipart('file', 'screen.bmp', bytes);
      return httpsRequest(`${nginx.url}/api/feedback/update/screenshot`, {
        method: 'POST',
        headers: { token, source: '1', 'content-type': form.type },
        body: form.body,
      });
    };
    const fits = bmp(1150);
    expect(fits.length).toBeGreaterThan(3.9e6);
    expect(fits.length).toBeLessThan(UPLOAD_LIMIT);
    const ok = await upload(fits);
    expect(ok.status, ok.body.toString()).toBe(200);
    expect(json(ok)).toMatchObject({ code: 0, data: { feedback_url: expect.any(String) } });

    // Over the portal's limit, under nginx's: the portal refuses it.
    const over = bmp(1250);
    expect(over.length).toBeGreaterThan(UPLOAD_LIMIT);
    // Over nginx's limit too: nginx refuses it, in the portal's envelope.
    const huge = bmp(1400);
    expect(huge.length).toBeGreaterThan(5 * 1024 * 1024);
    for (const bytes of [over, huge]) {
      const refused = await upload(bytes);
      expect(refused.status, String(bytes.length)).toBe(413);
      expect(refused.headers['content-type'], String(bytes.length)).toMatch(/^application\/json/);
      expect(json(refused), String(bytes.length)).toEqual({ code: -1, message: '上传失败', data: null });
    }
  });

  it('lets a back-office report upload far past the 5 MB site limit reach the portal', async () => {
    const admin = (await sessionFor(portal, DEMO_ADMIN)).token;
    // 12 MB that start like a PDF but are not one: nginx must pass it, the portal judges it.
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(12 * 1024 * 1024, 0x20)]);
    const form = multipart('file', '大文件.pdf', bytes, 'application/pdf');
    const reply = await httpsRequest(`${nginx.url}/api/admin/reports/upload`, {
      method: 'POST',
      headers: { token: admin, source: '1', 'content-type': form.type },
      body: form.body,
    });
    expect(reply.status, reply.body.toString()).toBe(200);
    const items = (json(reply).data as { items: { name: string; status: string; error?: string }[] }).items;
    expect(items).toEqual([
      expect.objectContaining({ name: '大文件.pdf', status: 'failed', error: expect.any(String) }),
    ]);
  });

  it("keeps the portal's compression and caching: brotli/gzip assets for a year, index.html never", async () => {
    const react = readdirSync(ASSETS).find((f) => /^react-.*\.js$/.test(f));
    expect(react).toBeDefined();
    const raw = readFileSync(`${ASSETS}${react}`);
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await httpsRequest(`${nginx.url}/assets/${react}`, {
        headers: { 'accept-encoding': accept },
      });
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(decoded(res).equals(raw), accept).toBe(true);
      if (encoding) {
        expect(res.body.length, accept).toBeLessThan(raw.length / 2.5);
      }
    }
    // A page anyone may open (a signed-out reader's /homepage is a redirect to the login).
    const page = await httpsRequest(`${nginx.url}/login`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');

    const search = await httpsRequest(`${nginx.url}/api/search`, {
      method: 'POST',
      headers: {
        token,
        source: '1',
        'content-type': 'application/json',
        'accept-encoding': 'gzip, deflate, br',
      },
      body: JSON.stringify({ tn: 'all', keyword: '', page: 1, page_size: 20, psort: 'new' }),
    });
    expect(search.status).toBe(200);
    expect(search.headers['content-encoding']).toBe('br');
    expect(search.headers.vary).toMatch(/accept-encoding/i);
    expect(json(search).code).toBe(0);
  });

  it('sends HSTS once on every https reply and keeps /metrics private', async () => {
    for (const path of ['/api/health', '/homepage', `/assets/no-such-file.js`]) {
      const res = await httpsRequest(`${nginx.url}${path}`);
      expect(res.headers['strict-transport-security'], path).toMatch(HSTS);
    }
    const metrics = await httpsRequest(`${nginx.url}/metrics`);
    expect(metrics.status).toBe(404);
    expect(metrics.body.toString()).not.toContain('portal_http_requests_total');
  });

  describe('in Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium(['--ignore-certificate-errors']);
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('logs in over https and keeps the session in Secure cookies', async () => {
      const phone = '13900004001';
      const context = await browser.newContext({
        baseURL: nginx.url,
        ignoreHTTPSErrors: true,
        locale: 'zh-CN',
      });
      const page = await context.newPage();
      await page.goto('/login');
      // The form comes rendered from the server: typing before the code takes it over is lost.
      await hydrated(page.getByLabel('手机号'));
      await page.getByLabel('手机号').fill(phone);
      await page.getByRole('button', { name: '获取验证码' }).click();
      await page.getByLabel('验证码').fill(await portal.smsCode(phone));
      await page.getByRole('button', { name: '登录' }).click();
      await page.waitForURL('**/login_keyword');
      await screenshot(page, 'nginx-https-login');
      const cookies = await context.cookies();
      const tokenCookie = cookies.find((c) => c.name === 'token');
      expect(tokenCookie?.value).toMatch(/\S{16,}/);
      expect(cookies.filter((c) => c.value !== '').every((c) => c.secure)).toBe(true);
      expect(tokenCookie?.secure).toBe(true);
      await context.close();
    });
  });
});
