import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { EARLY_INPUT_SCRIPT, MSG } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { LATE_CODE_SCRIPT } from './http/late-code.ts';
import { loadConfig } from './config.ts';
import { buildTestApp, openTestDatabase, testDatabases, type TestApp } from './test/testApp.ts';

// The two inline scripts a page may run, each allowed by its exact text: the early-input holder
// and the loader of a painted screen's code.
const hashOf = (script: string) => createHash('sha256').update(script).digest('base64');
const CSP =
  `default-src 'self';script-src 'self' 'sha256-${hashOf(EARLY_INPUT_SCRIPT)}' 'sha256-${hashOf(LATE_CODE_SCRIPT)}';` +
  "style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "connect-src 'self';frame-src 'self';font-src 'self' data:;object-src 'none';base-uri 'none';frame-ancestors 'none';form-action 'self'";

const INDEX_HTML =
  '<!doctype html><html><head><title>洞察门户</title></head><body><div id="root"></div></body></html>';

describe.each(testDatabases())('http basics on %s', (kind) => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    writeFileSync(join(webDist, 'assets', 'index-3f2a1b.js'), 'console.log(1)');
    writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await buildTestApp(kind, { env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('health pings the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: 'success', data: { status: 'ok', database: kind } });
  });

  it('sends the security headers on API replies and pages', async () => {
    for (const url of ['/api/health', '/homepage']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe(CSP);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('unknown non-API paths get the SPA, never cached', async () => {
    for (const url of ['/', '/homepage', '/report/report_details/12?id=12&index=x', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });

  it('hashed assets are cached for long, other files briefly; a missing asset is a 404', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/assets/index-3f2a1b.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' })).statusCode).toBe(404);
  });

  it('serves the default logo the session points at', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/brand/logo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('unknown API paths and methods get a 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing'],
      ['GET', '/api'],
      ['POST', '/api/menu'],
      ['POST', '/homepage'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: -1, message: MSG.notFound, data: null });
    }
  });
});

describe('without a web build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { env: { WEB_DIST: join(tmpdir(), 'portal-missing-dist') } });
  });
  afterAll(() => t.close());

  it('pages say to run the build; the API still works', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/homepage' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('npm run build');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('with dashboard providers configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { env: { DASHBOARD_ORIGINS: 'https://app.powerbi.com' } });
  });
  afterAll(() => t.close());

  it('lets pages frame those origins and nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("frame-src 'self' https://app.powerbi.com;");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('unexpected errors', () => {
  it('answer 500 with a generic message and log the details', async () => {
    const { db, drop } = await openTestDatabase('sqlite');
    const lines: string[] = [];
    const app = await buildApp({
      config: loadConfig({ WEB_DIST: join(tmpdir(), 'portal-missing-dist') }),
      db,
      logger: { level: 'error', stream: { write: (line: string) => void lines.push(line) } },
    });
    app.get('/api/boom', () => {
      throw new Error('secret detail: password=hunter2');
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: -1, message: MSG.serverError, data: null });
      expect(res.body).not.toContain('secret');
      expect(lines.join('')).toContain('secret detail');
    } finally {
      await app.close();
      await drop();
    }
  });
});
