import { CONTENT_INDEXES, MSG, ZAdminMaterialFile, type TMaterialSource } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { multipartBody, type Part } from './test-multipart.ts';

type Envelope<T = unknown> = { code: number; message: string; data: T };

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A GIF header declaring 60,000 × 60,000 pixels: refused before anything decodes it. */
const GIF_BOMB = Buffer.concat([
  Buffer.from('GIF89a'),
  Buffer.from([0x60, 0xea, 0x60, 0xea]),
  Buffer.alloc(20),
]);
/** A lossless WebP header of 2 × 3 pixels. */
const WEBP = (() => {
  const b = Buffer.alloc(40);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(32, 4);
  b.write('WEBPVP8L', 8, 'latin1');
  b.writeUInt32LE(20, 16);
  b[20] = 0x2f;
  b.writeUInt32LE((2 - 1) | ((3 - 1) << 14), 21);
  return b;
})();
/** The boxes an MP4 starts with: `ftyp`, then `moov` › `mvhd` saying 30 s (timescale 1000). */
const MP4_30S = (() => {
  const ftyp = Buffer.alloc(16);
  ftyp.writeUInt32BE(16, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  const mvhd = Buffer.alloc(108);
  mvhd.writeUInt32BE(108, 0);
  mvhd.write('mvhd', 4, 'latin1');
  mvhd.writeUInt32BE(1000, 20);
  mvhd.writeUInt32BE(30_000, 24);
  const moov = Buffer.alloc(8);
  moov.writeUInt32BE(8 + mvhd.length, 0);
  moov.write('moov', 4, 'latin1');
  return Buffer.concat([ftyp, moov, mvhd]);
})();

describe.each(testDatabases())('a material picture or video on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let material: number;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = (await login(t, '13800000002')).token;
    user = (await login(t, '13800000001')).token;
    await t.storage.put('demo/materials/seeded.png', PNG_1PX, 'image/png');
    [material] = (await t.content.addMaterials([
      {
        title: '元气森林气泡水夏日限定抖音海报',
        material_type: 'image',
        image_key: 'demo/materials/seeded.png',
        published_at: t.clock.now().getTime(),
      },
    ])) as [number];
  }, 120_000);
  afterAll(() => t.close());

  const upload = async (parts: readonly Part[]) => {
    const { payload, headers } = multipartBody(parts);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/materials/${material}/file`,
      headers: { ...headers, token: admin },
      payload,
    });
    return { status: res.statusCode, body: res.json<Envelope>() };
  };
  const current = async () =>
    ZAdminMaterialFile.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/materials/${material}/file`,
          headers: { token: admin },
        })
      ).json<Envelope>().data,
    );
  const userSource = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/detail',
        headers: { token: user },
        payload: { detail_id: String(material), index: CONTENT_INDEXES.material },
      })
    ).json<Envelope<{ detail_info: { _source: TMaterialSource } }>>().data.detail_info._source;
  const keyOf = (url: string) => url.replace(/^\/files\//, '').replace(/\?.*$/, '');

  it('refuses what is not a picture or video, a bomb and a stale version; nothing changes', async () => {
    const { version } = await current();
    expect(
      await upload([
        { name: 'version', content: String(version) },
        { name: 'file', filename: 'a.png', content: '<svg onload=alert(1)>' },
      ]),
    ).toMatchObject({ status: 400, body: { message: MSG.adminMaterialFileInvalid } });
    expect(
      await upload([
        { name: 'version', content: String(version) },
        { name: 'file', filename: 'bomb.gif', content: GIF_BOMB },
      ]),
    ).toMatchObject({ status: 400, body: { message: MSG.adminMaterialImageTooLarge } });
    expect(
      await upload([
        { name: 'version', content: String(version + 1) },
        { name: 'file', filename: 'a.webp', content: WEBP },
      ]),
    ).toMatchObject({ status: 409, body: { message: MSG.adminVersionConflict } });
    expect(await current()).toMatchObject({
      version,
      material_type: 'image',
      image_url: '/files/demo/materials/seeded.png',
    });
    expect(await t.storage.list(`public/materials/${material}`)).toEqual([]);
  });

  it('takes a WebP picture, then a video with its poster; the seeded file stays, replaced uploads go', async () => {
    let { version } = await current();
    const picture = await upload([
      { name: 'version', content: String(version) },
      { name: 'file', filename: 'poster.webp', content: WEBP },
    ]);
    expect(picture.status, JSON.stringify(picture.body)).toBe(200);
    const shown = await userSource();
    expect(shown).toMatchObject({ material_type: 'image' });
    expect(shown.url).toMatch(new RegExp(`^/files/public/materials/${material}/.+\\.webp$`));
    const webpKey = keyOf(shown.url);
    expect(await t.storage.get('demo/materials/seeded.png')).not.toBeNull();

    ({ version } = await current());
    const video = await upload([
      { name: 'version', content: String(version) },
      { name: 'file', filename: 'ad.mp4', content: MP4_30S },
      { name: 'poster', filename: 'cover.png', content: PNG_1PX },
    ]);
    expect(video.status, JSON.stringify(video.body)).toBe(200);
    const after = await userSource();
    expect(after).toMatchObject({ material_type: 'video', duration: 30 });
    expect(after.url).toMatch(/\.mp4$/);
    expect(after.cover).toMatch(/\.png$/);
    expect(await t.storage.get(webpKey)).toBeNull();
    const entry = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target_type', '=', 'material')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.action).toBe('content.replace_file');
    expect(JSON.parse(String(entry.after))).toMatchObject({
      material_type: 'video',
      video_duration: 30,
      file: 'ad.mp4',
    });
  });

  it('draws a poster for a video uploaded without one, as the seed does', async () => {
    const { version } = await current();
    const res = await upload([
      { name: 'version', content: String(version) },
      { name: 'file', filename: 'ad2.mp4', content: MP4_30S },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const poster = await t.storage.get(keyOf((await userSource()).cover));
    expect(poster?.subarray(1, 4).toString('latin1')).toBe('PNG');
  }, 60_000);
});
