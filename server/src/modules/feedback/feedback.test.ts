import { IMAGE_UPLOAD_MAX_BYTES, MSG } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PHONE, DEMO_USER_PHONE } from '../../seed/demo-users.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { multipartFile, solidBmp, solidPng } from '../account/images.fixture.ts';
import { unsignedFileUrl } from '../files/signed-url.ts';
import { createFeedbackRepo } from './feedback.repo.ts';
import { cleanupUnsubmittedScreenshots, SCREENSHOT_GRACE_MS } from './screenshot-cleanup.ts';

type Reply<T = unknown> = { code: number; message: string; data: T };
const CONTENT = '导出报告时页面没有反应，请帮忙看看。';

describe.each(testDatabases())('feedback on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let adminToken: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      env: {
        FEEDBACK_CONTACT: '客服电话：400-000-0000|邮箱：help@example.cn',
        FEEDBACK_QR_OFFICIAL: '/brand/official.png',
      },
    });
    token = (await login(t, DEMO_USER_PHONE)).token;
    otherToken = (await login(t, '13922223333')).token;
    adminToken = (await login(t, DEMO_ADMIN_PHONE)).token;
  }, 120_000);
  afterAll(async () => t.close());

  const get = async <T>(url: string, as = token) =>
    (await t.app.inject({ method: 'GET', url, headers: { token: as } })).json<Reply<T>>();
  const submit = async (payload: object, as = token) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/feedback/set/info',
      headers: { token: as },
      payload,
    });
    return { status: res.statusCode, body: res.json<Reply>() };
  };
  const upload = async (bytes: Buffer, filename = 'shot.png', as = token) => {
    const { payload, headers } = multipartFile('file', filename, bytes);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/feedback/update/screenshot',
      headers: { ...headers, token: as },
      payload,
    });
    return { status: res.statusCode, body: res.json<Reply<{ feedback_url: string } | null>>() };
  };
  const shot = async (as = token) =>
    (await upload(solidPng(40, 30), 'shot.png', as)).body.data?.feedback_url ?? '';
  const keyOf = (url: string) => unsignedFileUrl(url).slice('/files/'.length);
  const feedbackRows = () => t.db.kysely.selectFrom('feedback').selectAll().orderBy('id').execute();

  it('prefills the account e-mail and gives the footer', async () => {
    await t.db.kysely
      .updateTable('users')
      .set({ email: 'demo@example.cn' })
      .where('phone', '=', DEMO_USER_PHONE)
      .execute();
    expect(await get('/api/feedback/get/info')).toEqual({
      code: 0,
      message: 'success',
      data: {
        email: 'demo@example.cn',
        footer: {
          contact: ['客服电话：400-000-0000', '邮箱：help@example.cn'],
          copyright: 'Copyright © 洞察门户 版权所有',
          official_qr: '/brand/official.png',
          miniprogram_qr: '',
        },
      },
    });
    expect((await get<{ email: string }>('/api/feedback/get/info', otherToken)).data.email).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/feedback/get/info' })).statusCode).toBe(401);
  });

  it('stores a feedback with two screenshots for the admin inbox; HTML stays text', async () => {
    const a = await upload(solidPng(40, 30));
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const urlA = a.body.data?.feedback_url ?? '';
    // Screenshots are private: the uploader gets a signed URL (files/signed-url.ts).
    expect(urlA).toMatch(/^\/files\/feedback\/\d+\/[0-9a-f-]{36}\.png\?exp=\d+&sig=[\w-]+$/);
    const served = await t.app.inject({ method: 'GET', url: urlA });
    expect(served.statusCode).toBe(200);
    const urlB = (await upload(solidBmp(20, 10), 'shot.bmp')).body.data?.feedback_url ?? '';
    expect(urlB).toMatch(/\.bmp\?/);

    const content = `<script>alert(1)</script>${CONTENT}`;
    const res = await submit({
      content: `  ${content}  `,
      email: ' other@example.cn ',
      screen_shot: ` ${urlA}, ${urlB} `,
    });
    expect(res).toEqual({ status: 200, body: { code: 0, message: MSG.feedbackThanks, data: null } });
    const rows = await feedbackRows();
    expect(rows.at(-1)).toMatchObject({
      content,
      email: 'other@example.cn',
      screen_shot: `${unsignedFileUrl(urlA)},${unsignedFileUrl(urlB)}`,
    });

    const inbox = await get<{
      data: { content: string; phone: string; screenshots: string[] }[];
      total: number;
    }>('/api/admin/feedback', adminToken);
    const masked = `${DEMO_USER_PHONE.slice(0, 3)}****${DEMO_USER_PHONE.slice(-4)}`;
    expect(inbox.data.data[0]).toMatchObject({ content, phone: masked, screenshots: [urlA, urlB] });
    expect((await get('/api/admin/feedback')).code).toBe(1001);

    // Submitted screenshots survive the cleanup, however old.
    t.clock.advance(SCREENSHOT_GRACE_MS / 1000 + 60);
    await cleanupUnsubmittedScreenshots({
      repo: createFeedbackRepo(t.db),
      storage: t.storage,
      clock: t.clock,
    });
    expect(await t.storage.exists(keyOf(urlA))).toBe(true);
  });

  it('gives the spec messages for a short or long description, a bad e-mail and a fifth screenshot, storing nothing', async () => {
    const before = (await feedbackRows()).length;
    const bad = (message: string) => ({ status: 400, body: { code: -1, message, data: null } });
    expect(await submit({ content: '太短了', email: 'a@b.cn', screen_shot: '' })).toEqual(
      bad(MSG.feedbackContent),
    );
    expect(await submit({ content: '字'.repeat(201), email: 'a@b.cn', screen_shot: '' })).toEqual(
      bad(MSG.feedbackContent),
    );
    expect(await submit({ content: CONTENT, email: 'not-an-email', screen_shot: '' })).toEqual(
      bad(MSG.feedbackEmail),
    );
    expect(await submit({ content: CONTENT, email: '', screen_shot: '' })).toEqual(bad(MSG.feedbackEmail));
    const five = [await shot(), await shot(), await shot(), await shot(), await shot()];
    expect(await submit({ content: CONTENT, email: 'a@b.cn', screen_shot: five.join(',') })).toEqual(
      bad(MSG.feedbackTooManyShots),
    );
    expect((await feedbackRows()).length).toBe(before);
    // The four first ones are still the user's to submit.
    expect(
      (await submit({ content: CONTENT, email: 'a@b.cn', screen_shot: five.slice(0, 4).join(',') })).status,
    ).toBe(200);
    expect((await submit({ content: '字'.repeat(200), email: 'a@b.cn' })).status).toBe(200);
  });

  it('accepts only the user’s own screenshots that no feedback has cited yet, all or nothing', async () => {
    const before = (await feedbackRows()).length;
    const mine = await shot();
    const theirs = await shot(otherToken);
    const refused = { status: 400, body: { code: -1, message: MSG.screenshotUnknown, data: null } };
    expect(await submit({ content: CONTENT, email: 'a@b.cn', screen_shot: `${mine},${theirs}` })).toEqual(
      refused,
    );
    expect(
      await submit({ content: CONTENT, email: 'a@b.cn', screen_shot: '/files/feedback/1/made-up.png' }),
    ).toEqual(refused);
    expect(await submit({ content: CONTENT, email: 'a@b.cn', screen_shot: `${mine},${mine}` })).toEqual(
      refused,
    );
    expect(
      (await submit({ content: CONTENT, email: 'a@b.cn', screen_shot: 'javascript:alert(1)' })).body.message,
    ).toBe(MSG.badRequest);
    expect((await feedbackRows()).length).toBe(before);
    expect((await submit({ content: CONTENT, email: 'a@b.cn', screen_shot: mine })).status).toBe(200);
    expect(await submit({ content: CONTENT, email: 'a@b.cn', screen_shot: mine })).toEqual(refused);
  });

  it('refuses a text file named .png, a file over 4 MiB and a non-multipart body, storing nothing', async () => {
    const stored = (await t.storage.list('feedback')).length;
    const refused = { code: -1, message: MSG.uploadFailed, data: null };
    expect(await upload(Buffer.from('hello, I am text'), 'fake.png')).toEqual({ status: 400, body: refused });
    expect(await upload(Buffer.concat([solidPng(4, 4), Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES)]))).toEqual({
      status: 413,
      body: refused,
    });
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/feedback/update/screenshot',
      headers: { token },
      payload: { file: 'x' },
    });
    expect(plain.json<Reply>().message).toBe(MSG.uploadFailed);
    expect((await t.storage.list('feedback')).length).toBe(stored);
    expect((await t.app.inject({ method: 'POST', url: '/api/feedback/update/screenshot' })).statusCode).toBe(
      401,
    );
  });

  it('removes screenshots never submitted once the grace period has passed', async () => {
    const deps = { repo: createFeedbackRepo(t.db), storage: t.storage, clock: t.clock };
    // Earlier tests left two unsubmitted uploads (the fifth screenshot, the other user's).
    t.clock.advance(SCREENSHOT_GRACE_MS / 1000 + 60);
    expect(await cleanupUnsubmittedScreenshots(deps)).toBe(2);
    const stale = await shot();
    t.clock.advance(SCREENSHOT_GRACE_MS / 1000 - 60);
    const fresh = await shot();
    expect(await cleanupUnsubmittedScreenshots(deps)).toBe(0);
    t.clock.advance(120);
    expect(await cleanupUnsubmittedScreenshots(deps)).toBe(1);
    expect(await t.storage.exists(keyOf(stale))).toBe(false);
    expect(await t.storage.exists(keyOf(fresh))).toBe(true);
    expect(await submit({ content: CONTENT, email: 'a@b.cn', screen_shot: stale })).toEqual({
      status: 400,
      body: { code: -1, message: MSG.screenshotUnknown, data: null },
    });
  });
});
