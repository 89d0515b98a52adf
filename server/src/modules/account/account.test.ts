import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_UPLOAD_MAX_BYTES, MSG } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PHONE, DEMO_USER_PHONE } from '../../seed/demo-users.ts';
import { freshIp, login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { jpegHeader, multipartFile, solidBmp, solidPng } from './images.fixture.ts';

type Reply<T = unknown> = { code: number; message: string; data: T };
type Profile = { phone: string; nickname: string; avatar: string; email: string };

describe.each(testDatabases())('personal settings on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    token = (await login(t, DEMO_USER_PHONE)).token;
    otherToken = (await login(t, '13911112222')).token;
  }, 120_000);
  afterAll(async () => t.close());

  const get = async <T>(url: string, as = token) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { token: as } });
    return { status: res.statusCode, body: res.json<Reply<T>>() };
  };
  const post = async <T>(url: string, payload: object, as = token) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { token: as }, payload });
    return { status: res.statusCode, body: res.json<Reply<T>>() };
  };
  const upload = async (bytes: Buffer, filename = 'avatar.png', field = 'file', as = token) => {
    const { payload, headers } = multipartFile(field, filename, bytes);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/set/avatar',
      headers: { ...headers, token: as },
      payload,
    });
    return { status: res.statusCode, body: res.json<Reply<{ avatar: string } | null>>() };
  };
  const profile = async (as = token) => (await get<Profile>('/api/user/set/get_user_info', as)).body.data;

  it('answers the signed-in user profile, and 401 without a token', async () => {
    expect(await get('/api/user/set/get_user_info')).toEqual({
      status: 200,
      body: {
        code: 0,
        message: 'success',
        data: { phone: DEMO_USER_PHONE, nickname: '演示用户', avatar: '', email: expect.any(String) },
      },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/set/get_user_info' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/set/nickname', payload: { nickname: 'x' } }))
        .statusCode,
    ).toBe(401);
  });

  it('changes the nickname; the session reply shows it; HTML is kept as text', async () => {
    const saved = await post<Profile>('/api/user/set/nickname', { nickname: '  <b>小洞</b>  ' });
    expect(saved.body).toMatchObject({ code: 0, data: { nickname: '<b>小洞</b>', phone: DEMO_USER_PHONE } });
    const routes = await get<{ user: Profile }>('/api/user/routes?type=1');
    expect(routes.body.data.user.nickname).toBe('<b>小洞</b>');
    expect((await profile(otherToken))?.nickname).toBe('用户2222');
  });

  it('refuses an empty or over-long nickname and keeps the old one', async () => {
    expect(await post('/api/user/set/nickname', { nickname: '   ' })).toEqual({
      status: 400,
      body: { code: -1, message: MSG.nicknameRequired, data: null },
    });
    expect((await post('/api/user/set/nickname', { nickname: '洞'.repeat(21) })).body.message).toBe(
      MSG.nicknameTooLong,
    );
    expect((await post('/api/user/set/nickname', {})).body.message).toBe(MSG.nicknameRequired);
    expect((await profile())?.nickname).toBe('<b>小洞</b>');
    expect((await post('/api/user/set/nickname', { nickname: '洞'.repeat(20) })).body.data).toMatchObject({
      nickname: '洞'.repeat(20),
    });
  });

  it('update_user_info sets the nickname and can drop the avatar; nothing else', async () => {
    expect(
      (await post<Profile>('/api/user/set/update_user_info', { nickname: '演示用户' })).body,
    ).toMatchObject({ code: 0, data: { nickname: '演示用户' } });
    expect((await post('/api/user/set/update_user_info', {})).status).toBe(400);
    expect(
      (await post('/api/user/set/update_user_info', { avatar: 'https://evil.example/x.png' })).status,
    ).toBe(400);
    expect((await post('/api/user/set/update_user_info', { nickname: '' })).body.message).toBe(
      MSG.nicknameRequired,
    );
    expect((await profile())?.nickname).toBe('演示用户');
  });

  it('stores a square avatar exactly as checked, serves it, and replaces the old file', async () => {
    const first = solidPng(64, 64);
    const one = await upload(first);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    const url = one.body.data?.avatar ?? '';
    // Avatars are private: the owner gets a signed URL (files/signed-url.ts).
    expect(url).toMatch(/^\/files\/avatars\/\d+\/[0-9a-f-]{36}\.png\?exp=\d+&sig=[\w-]+$/);
    expect((await profile())?.avatar).toBe(url);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(first)).toBe(true);

    const bmp = await upload(solidBmp(32, 32), 'me.bmp');
    const bmpUrl = bmp.body.data?.avatar ?? '';
    expect(bmpUrl).toMatch(/\.bmp\?/);
    expect((await t.app.inject({ method: 'GET', url: bmpUrl })).headers['content-type']).toBe('image/bmp');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);

    const jpg = await upload(jpegHeader(128, 128), 'me.jpg');
    expect(jpg.body.data?.avatar).toMatch(/\.jpg\?/);
    expect((await t.storage.list('avatars')).length).toBe(1);

    const dropped = await post<Profile>('/api/user/set/update_user_info', { avatar: '' });
    expect(dropped.body.data.avatar).toBe('');
    expect(await t.storage.list('avatars')).toEqual([]);
  });

  it('refuses a text file named .png, a non-square picture, a file over 4 MiB and a wrong field, storing nothing', async () => {
    const refused = { code: -1, message: MSG.uploadFailed, data: null };
    expect(await upload(Buffer.from('just some text pretending to be a picture'), 'fake.png')).toEqual({
      status: 400,
      body: refused,
    });
    expect(await upload(solidPng(64, 48))).toEqual({ status: 400, body: refused });
    const big = Buffer.concat([solidPng(8, 8), Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES)]);
    expect(await upload(big)).toEqual({ status: 413, body: refused });
    expect((await upload(solidPng(8, 8), 'a.png', 'image')).status).toBe(400);
    const notMultipart = await post('/api/user/set/avatar', { avatar: 'x' });
    expect(notMultipart.body.message).toBe(MSG.uploadFailed);
    expect((await profile())?.avatar).toBe('');
    expect(await t.storage.list('avatars')).toEqual([]);
  });

  it('moves the account to a new phone with the code sent to that phone', async () => {
    const newPhone = '13700001234';
    const ip = freshIp();
    const send = await t.app.inject({
      method: 'GET',
      url: `/api/sendCode?phone=${newPhone}`,
      remoteAddress: ip,
    });
    expect(send.statusCode).toBe(200);
    const code = t.sms.lastCode(newPhone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await post('/api/user/set/phone', { phone: newPhone, code: wrong }, otherToken)).toEqual({
      status: 400,
      body: { code: -1, message: MSG.codeWrong, data: null },
    });
    expect((await profile(otherToken))?.phone).toBe('13911112222');
    const moved = await post<Profile>('/api/user/set/phone', { phone: newPhone, code }, otherToken);
    expect(moved.body).toMatchObject({
      code: 0,
      message: MSG.phoneChanged,
      data: { phone: newPhone, nickname: '用户2222' },
    });
    // The code is used up, and the new phone now logs into the same account.
    expect((await post('/api/user/set/phone', { phone: newPhone, code }, otherToken)).body.message).toBe(
      MSG.phoneSame,
    );
    t.clock.advance(61);
    const again = await login(t, newPhone);
    expect((await profile(again.token))?.nickname).toBe('用户2222');
  });

  it('refuses a bad number and the current number without using a code; another account’s number once its code is right', async () => {
    expect((await post('/api/user/set/phone', { phone: '1234', code: '123456' })).body.message).toBe(
      MSG.contactPhone,
    );
    expect((await post('/api/user/set/phone', { phone: DEMO_USER_PHONE, code: '123456' })).body.message).toBe(
      MSG.phoneSame,
    );
    await t.app.inject({
      method: 'GET',
      url: `/api/sendCode?phone=${DEMO_ADMIN_PHONE}`,
      remoteAddress: freshIp(),
    });
    const adminCode = t.sms.lastCode(DEMO_ADMIN_PHONE);
    expect(
      (await post('/api/user/set/phone', { phone: DEMO_ADMIN_PHONE, code: adminCode })).body.message,
    ).toBe(MSG.phoneTaken);
    expect((await post('/api/user/set/phone', { phone: '13700005555', code: '' })).body.message).toBe(
      MSG.codeRequired,
    );
    expect((await profile())?.phone).toBe(DEMO_USER_PHONE);
    // The code was checked (and so used) before the number's owner was looked up: only who holds
    // the admin's phone learns that it belongs to another account (phone-change.test.ts).
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/login?phone=${DEMO_ADMIN_PHONE}&code=${adminCode}`,
      remoteAddress: freshIp(),
    });
    expect(res.json<Reply>().message).toBe(MSG.codeExpired);
  });

  it('serves the built-in privacy policy, or the operator file when there is one', async () => {
    const builtIn = await t.app.inject({ method: 'GET', url: '/api/user_private' });
    const body = builtIn.json<Reply<{ title: string; text: string }>>();
    expect(body.data.title).toBe('用户隐私政策');
    expect(body.data.text).toContain('# 一、我们收集的信息');
    writeFileSync(join(t.config.dataDir, 'privacy-policy.txt'), '# 本公司隐私政策\r\n我们只收集手机号。\r\n');
    const own = (await t.app.inject({ method: 'GET', url: '/api/user_private' })).json<
      Reply<{ text: string }>
    >();
    expect(own.data.text).toBe('# 本公司隐私政策\n我们只收集手机号。');
  });
});
