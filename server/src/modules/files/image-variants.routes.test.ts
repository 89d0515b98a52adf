import {
  CONTENT_INDEXES,
  imageVariantUrl,
  MSG,
  type TDetailReply,
  type TReportSource,
} from '@portal/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PHONE, DEMO_USER_PHONE } from '../../seed/demo-users.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { multipartFile, pngHeader, solidPng } from '../account/images.fixture.ts';
import { multipartBody } from '../admin-content/test-multipart.ts';
import { FILE_MSG } from './file-messages.ts';

type Envelope<T = unknown> = { code: number; message: string; data: T };

describe.each(testDatabases())('card-size WebP copies of public pictures on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { demoReports: 1 });
    admin = (await login(t, DEMO_ADMIN_PHONE)).token;
  }, 240_000);
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const widthOf = async (bytes: Buffer) => (await sharp(bytes).metadata()).width;

  it('serves a banner and a report cover as WebP at the asked width, cached for a year', async () => {
    const [banner] = await t.storage.list('demo/banners');
    const [cover] = (await t.storage.list('demo/reports')).filter((k) => k.endsWith('/cover.png'));
    for (const [key, width] of [
      [banner!, 640],
      [cover!, 320],
    ] as const) {
      const res = await get(`/files/${key}.w${width}.webp`);
      expect(res.statusCode, key).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await widthOf(res.rawPayload)).toBe(width);
      // Smaller than the PNG it stands for: the point of the copy.
      expect(res.rawPayload.length).toBeLessThan((await t.storage.get(key))!.length / 2);
    }
    // Never wider than the original (the demo banners are 1,200 px).
    const wide = await get(`/files/${banner}.w1440.webp`);
    expect(await widthOf(wide.rawPayload)).toBe(
      (await sharp((await t.storage.get(banner!))!).metadata()).width,
    );
  });

  it('makes no copy of a private picture without its signature, a missing one, or at a width it does not offer', async () => {
    // An avatar is private (signed URLs only): no copy of it for whoever guesses its key.
    await t.storage.put('avatars/1/me.png', solidPng(400, 400), 'image/png');
    const unsigned = await get('/files/avatars/1/me.png.w320.webp');
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json<Envelope>().message).toBe(FILE_MSG.linkMissing);
    const missing = await get('/files/demo/banners/404.png.w320.webp');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<Envelope>().message).toBe('文件不存在或已删除');
    const [banner] = await t.storage.list('demo/banners');
    expect((await get(`/files/${banner}.w500.webp`)).statusCode).toBe(404);
    expect(await t.storage.list('cache/images/avatars')).toEqual([]);
    expect(await t.storage.list(`cache/images/${banner}`)).not.toContainEqual(
      expect.stringContaining('w500'),
    );
  });

  it("serves a phone a report page's copy with the page's signed URL, and nobody without it", async () => {
    const user = (await login(t, DEMO_USER_PHONE)).token;
    const report = await t.db.kysely.selectFrom('reports').select('id').executeTakeFirstOrThrow();
    const detail = await t.app.inject({
      method: 'POST',
      url: '/api/detail',
      headers: { token: user },
      payload: { index: CONTENT_INDEXES.report, detail_id: String(report.id) },
    });
    const pages = detail.json<Envelope<TDetailReply<TReportSource>>>().data.detail_info._source.pdf_image;
    const [first, second] = pages as [string, string];
    expect(first).toMatch(/\?exp=\d+&sig=/);

    const copy = await get(imageVariantUrl(first, 640));
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('image/webp');
    // As private as the page: only the browser that was handed the link keeps it.
    expect(copy.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(await widthOf(copy.rawPayload)).toBeLessThanOrEqual(640);
    expect(copy.rawPayload.length).toBeLessThan((await get(first)).rawPayload.length);

    // The copy's path without the page's signature, or with another page's, shows nothing.
    const path = imageVariantUrl(first, 640).split('?')[0] as string;
    expect((await get(path)).statusCode).toBe(403);
    const otherSignature = second.slice(second.indexOf('?'));
    const forged = await get(`${path}${otherSignature}`);
    expect(forged.statusCode).toBe(403);
    expect(forged.json<Envelope>().message).toBe(FILE_MSG.linkInvalid);
  });

  it('makes the copies at upload and refuses a picture whose pixels do not decode, storing nothing', async () => {
    const upload = async (bytes: Buffer) => {
      const { payload, headers } = multipartFile('file', 'banner.png', bytes);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/banners/upload',
        headers: { ...headers, token: admin },
        payload,
      });
      return { status: res.statusCode, body: res.json<Envelope<{ key: string }>>() };
    };
    const broken = await upload(pngHeader(60, 20));
    expect(broken).toMatchObject({ status: 400, body: { message: MSG.adminImageInvalid } });
    expect(await t.storage.list('public/banners')).toEqual([]);
    expect(await t.storage.list('cache/images/public/banners')).toEqual([]);

    const { key } = (await upload(solidPng(1200, 400))).body.data;
    expect(await t.storage.list(`cache/images/${key}`)).toHaveLength(4);
  });

  it('removes the copies with the picture: a headline cover replaced, then removed', async () => {
    const headline = await t.db.kysely
      .selectFrom('headlines')
      .select(['id', 'version'])
      .executeTakeFirstOrThrow();
    const id = Number(headline.id);
    const upload = async (version: number) => {
      const { payload, headers } = multipartBody([
        { name: 'version', content: String(version) },
        { name: 'file', filename: 'cover.png', content: solidPng(800, 450) },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/headlines/${id}/cover`,
        headers: { ...headers, token: admin },
        payload,
      });
      expect(res.json<Envelope>().code).toBe(0);
    };
    const version = Number(headline.version);
    await upload(version);
    const [first] = await t.storage.list(`public/headlines/${id}`);
    expect(await t.storage.list(`cache/images/${first}`)).toHaveLength(4);
    expect((await get(`/files/${first}.w640.webp`)).statusCode).toBe(200);

    await upload(version + 1);
    expect(await t.storage.list(`cache/images/${first}`)).toEqual([]);
    const [second] = await t.storage.list(`public/headlines/${id}`);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/headlines/${id}/cover?version=${version + 2}`,
      headers: { token: admin },
    });
    expect(await t.storage.list(`cache/images/public/headlines/${id}`)).toEqual([]);
    expect((await get(`/files/${second}.w640.webp`)).statusCode).toBe(404);
  });
});
