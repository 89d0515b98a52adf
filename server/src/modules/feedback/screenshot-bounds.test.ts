import { MSG } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_PHONE } from '../../seed/demo-users.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { bmpHeader, jpegHeader, multipartFile, pngHeader, solidPng } from '../account/images.fixture.ts';

/** Tiny files whose headers declare pictures no browser should be asked to decode. */
const BOMBS = [
  ['a 50000×50000 PNG', 'bomb.png', pngHeader(50_000, 50_000)],
  ['a 65500×65500 JPEG', 'bomb.jpg', jpegHeader(65_500, 65_500)],
  ['a 50000×50000 BMP', 'bomb.bmp', bmpHeader(50_000, 50_000)],
] as const;

describe.each(testDatabases())('decompression bombs on %s', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    token = (await login(t, DEMO_USER_PHONE)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = async (url: string, filename: string, bytes: Buffer) => {
    const { payload, headers } = multipartFile('file', filename, bytes);
    const res = await t.app.inject({ method: 'POST', url, headers: { ...headers, token }, payload });
    return { status: res.statusCode, body: res.json() };
  };
  const uploads = () => t.db.kysely.selectFrom('feedback_uploads').selectAll().execute();

  it.each(BOMBS)(
    'refuses %s as a feedback screenshot (上传失败), storing nothing',
    async (_name, file, bytes) => {
      expect(await upload('/api/feedback/update/screenshot', file, bytes)).toEqual({
        status: 400,
        body: { code: -1, message: MSG.uploadFailed, data: null },
      });
      expect(await t.storage.list('feedback')).toEqual([]);
      expect(await uploads()).toEqual([]);
    },
  );

  it.each(BOMBS)('refuses %s as an avatar, by the same check', async (_name, file, bytes) => {
    expect(await upload('/api/user/set/avatar', file, bytes)).toEqual({
      status: 400,
      body: { code: -1, message: MSG.uploadFailed, data: null },
    });
    expect(await t.storage.list('avatars')).toEqual([]);
  });

  it('still takes an ordinary screenshot', async () => {
    const res = await upload('/api/feedback/update/screenshot', 'shot.png', solidPng(64, 40));
    expect(res.status).toBe(200);
    expect(res.body.data.feedback_url).toMatch(/^\/files\/feedback\//);
    expect(await uploads()).toHaveLength(1);
  });
});
