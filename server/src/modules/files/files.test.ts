import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/testApp.ts';

// Storage is the same on both databases: SQLite only.
describe('GET /files/*', () => {
  let t: TestApp;
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { seed: false });
    await t.storage.put('demo/banners/1.png', png, 'image/png');
    await t.storage.put('reports/abc/source.pdf', Buffer.from('%PDF-1.4 0123456789'), 'application/pdf');
  });
  afterAll(() => t.close());

  it('serves a stored file with its type and a long cache, without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/files/demo/banners/1.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it('lets images load in sandboxed content frames (opaque origin); PDFs stay same-origin', async () => {
    const image = await t.app.inject({ method: 'GET', url: '/files/demo/banners/1.png' });
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const pdf = await t.app.inject({ method: 'GET', url: '/files/reports/abc/source.pdf' });
    expect(pdf.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('serves byte ranges (the PDF reader asks for them)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/files/reports/abc/source.pdf',
      headers: { range: 'bytes=0-7' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 0-7/19');
    expect(res.body).toBe('%PDF-1.4');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/files/reports/abc/source.pdf',
      headers: { range: 'bytes=100-' },
    });
    expect(bad.statusCode).toBe(416);
  });

  it('answers 404 for missing files and keys outside the storage rules', async () => {
    for (const url of [
      '/files/demo/banners/9.png',
      '/files/..%2F..%2Fetc%2Fpasswd',
      '/files/demo/%2e%2e/x.png',
      '/files/.tmp/x',
      '/files/a%00b.png',
      '/files/reports/none/pages/0001.jpg',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    // A literal ../ is resolved by the URL parser before routing: it never reaches /files.
    const dots = await t.app.inject({ method: 'GET', url: '/files/../portal.db' });
    expect(dots.statusCode).not.toBe(200);
  });
});
