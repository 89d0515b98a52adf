import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../test/testApp.ts';
import { COMPRESS_MIN_BYTES, preferredEncoding, registerCompression } from './compression.ts';

/** A hashed build file, as Vite names them, with the siblings web/precompress.ts writes. */
const ASSET = 'assets/react-Ab12Cd34.js';
const ASSET_TEXT = `export const words = ${JSON.stringify('洞察门户 '.repeat(2000))};\n`;

function decode(encoding: string | undefined, body: Buffer): Buffer {
  if (encoding === 'br') {
    return brotliDecompressSync(body);
  }
  return encoding === 'gzip' ? gunzipSync(body) : body;
}

describe.each(testDatabases())('compression on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>洞察门户</title>');
    writeFileSync(join(webDist, ASSET), ASSET_TEXT);
    writeFileSync(join(webDist, `${ASSET}.br`), brotliCompressSync(ASSET_TEXT));
    writeFileSync(join(webDist, `${ASSET}.gz`), gzipSync(ASSET_TEXT));
    t = await buildTestApp(kind, { demoReports: 2, env: { WEB_DIST: webDist } });
    token = (await login(t, '13800000001')).token;
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const search = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { token, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      payload: { tn: 'all', keyword: '', page: 1, page_size: 20, source: 'PC' },
    });

  it('sends a search reply in brotli or gzip that decodes to the plain reply', async () => {
    const plain = await search();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await search(accept);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers['content-type'], accept).toMatch(/^application\/json/);
      const body = decode(encoding, res.rawPayload);
      expect(JSON.parse(body.toString('utf8')), accept).toEqual(JSON.parse(plain.body));
      if (encoding) {
        expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 3);
        expect(Number(res.headers['content-length']), accept).toBe(res.rawPayload.length);
      }
    }
  });

  it('compresses JSON the framework serialises (not a cached page) as well', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/business/subscribe/info',
      headers: { token, 'accept-encoding': 'gzip' },
    });
    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/business/subscribe/info',
      headers: { token },
    });
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves replies under 1 KiB alone, still saying they vary', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.json()).toMatchObject({ code: 0 });
  });

  it('serves the precompressed build file by Accept-Encoding, cached for a year', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/${ASSET}`,
        headers: accept ? { 'accept-encoding': accept } : {},
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toMatch(/javascript/);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(decode(encoding, res.rawPayload).toString('utf8'), accept).toBe(ASSET_TEXT);
    }
  });

  it('never lets a browser cache index.html', async () => {
    for (const url of ['/', '/index.html', '/homepage']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

describe('compression by content type', () => {
  const app = Fastify();
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(8000, 'a')]);
  const json = { items: 'x'.repeat(5000) };
  beforeAll(async () => {
    await registerCompression(app);
    app.get('/report.pdf', (_request, reply) => reply.type('application/pdf').send(pdf));
    app.get('/cover.png', (_request, reply) => reply.type('image/png').send(pdf));
    app.get('/big.json', () => json);
    await app.ready();
  });
  afterAll(() => app.close());

  it('does not compress PDFs or images again', async () => {
    for (const url of ['/report.pdf', '/cover.png']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.rawPayload.equals(pdf), url).toBe(true);
    }
  });

  it('compresses a serialised object over the threshold', async () => {
    const res = await app.inject({ method: 'GET', url: '/big.json', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(json);
  });
});

describe('preferredEncoding', () => {
  it('takes br over gzip, honours q=0 and *', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});
