import { MSG, SMS_CODE, type TLoginReply } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshIp } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

const NEW_PHONE = '13912345678';
const DEMO_USER = '13800000001';
const DEMO_ADMIN = '13800000002';

/** A valid code that is not `code`. */
const otherCode = (code: string) =>
  String((Number(code) + 1) % 10 ** SMS_CODE.length).padStart(SMS_CODE.length, '0');

describe.each(testDatabases())('phone login on %s', (kind) => {
  let t: TestApp;
  let ip: string;
  beforeEach(async () => {
    t = await buildTestApp(kind);
    ip = freshIp();
  });
  afterEach(() => t.close());

  const sendCode = (phone: string, from = ip) =>
    t.app.inject({
      method: 'GET',
      url: `/api/sendCode?phone=${encodeURIComponent(phone)}`,
      remoteAddress: from,
    });
  const login = (phone: string, code: string, from = ip) =>
    t.app.inject({
      method: 'GET',
      url: `/api/login?phone=${phone}&code=${encodeURIComponent(code)}`,
      remoteAddress: from,
    });
  const failure = (message: string) => ({ code: -1, message, data: null });

  it('rejects a malformed phone with the contract message and sends nothing', async () => {
    for (const phone of ['12345678901', '1380000000', 'abc', '']) {
      const res = await sendCode(phone);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(failure(MSG.contactPhone));
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/sendCode', remoteAddress: ip });
    expect(missing.json()).toEqual(failure(MSG.contactPhone));
    const twice = await t.app.inject({
      method: 'GET',
      url: `/api/sendCode?phone=${DEMO_USER}&phone=${NEW_PHONE}`,
      remoteAddress: ip,
    });
    expect(twice.json()).toEqual(failure(MSG.contactPhone));
    expect(t.sms.sent).toEqual([]);
  });

  it('answers registered and unregistered phones identically', async () => {
    const known = await sendCode(DEMO_USER);
    const unknown = await sendCode(NEW_PHONE);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ code: 0, message: MSG.codeSent, data: null });
    expect(t.sms.lastCode(DEMO_USER)).toMatch(/^\d{6}$/);
    expect(t.sms.lastCode(NEW_PHONE)).toMatch(/^\d{6}$/);
  });

  it('refuses a resend within 60 s without calling the SMS adapter', async () => {
    await sendCode(NEW_PHONE);
    t.clock.advance(SMS_CODE.resendSeconds - 1);
    const res = await sendCode(NEW_PHONE);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(failure(MSG.codeResendTooSoon));
    expect(t.sms.countFor(NEW_PHONE)).toBe(1);
  });

  it('a resend after 60 s invalidates the earlier code', async () => {
    await sendCode(NEW_PHONE);
    const first = t.sms.lastCode(NEW_PHONE);
    t.clock.advance(SMS_CODE.resendSeconds);
    expect((await sendCode(NEW_PHONE)).statusCode).toBe(200);
    const second = t.sms.lastCode(NEW_PHONE);
    if (first !== second) {
      const old = await login(NEW_PHONE, first);
      expect(old.statusCode).toBe(400);
      expect(old.json()).toEqual(failure(MSG.codeWrong));
    }
    expect((await login(NEW_PHONE, second)).json().code).toBe(0);
  });

  it('a code works until 5 minutes and is expired after', async () => {
    await sendCode(NEW_PHONE);
    t.clock.advance(SMS_CODE.ttlSeconds - 1);
    expect((await login(NEW_PHONE, t.sms.lastCode(NEW_PHONE))).json().code).toBe(0);

    await sendCode(DEMO_USER);
    t.clock.advance(SMS_CODE.ttlSeconds);
    const res = await login(DEMO_USER, t.sms.lastCode(DEMO_USER));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(failure(MSG.codeExpired));
  });

  it('after 5 wrong tries even the right code fails', async () => {
    await sendCode(NEW_PHONE);
    const right = t.sms.lastCode(NEW_PHONE);
    const wrong = otherCode(right);
    for (let i = 1; i <= SMS_CODE.maxWrongTries; i++) {
      const res = await login(NEW_PHONE, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(i < SMS_CODE.maxWrongTries ? MSG.codeWrong : MSG.codeTooManyTries);
    }
    const res = await login(NEW_PHONE, right);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(failure(MSG.codeTooManyTries));
    const users = await t.db.kysely.selectFrom('users').select('id').where('phone', '=', NEW_PHONE).execute();
    expect(users).toEqual([]);
  });

  it('a used code cannot be used again, and no code at all fails the same way', async () => {
    await sendCode(NEW_PHONE);
    const code = t.sms.lastCode(NEW_PHONE);
    expect((await login(NEW_PHONE, code)).json().code).toBe(0);
    const again = await login(NEW_PHONE, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(failure(MSG.codeExpired));
    expect((await login(DEMO_USER, '123456')).json()).toEqual(failure(MSG.codeExpired));
  });

  it('wrong-typed fields are rejected and change nothing', async () => {
    await sendCode(NEW_PHONE);
    const code = t.sms.lastCode(NEW_PHONE);
    const cases = [
      [`/api/login?phone=${NEW_PHONE}&code=abc`, MSG.codeWrong],
      [`/api/login?phone=${NEW_PHONE}&code=1234567`, MSG.codeWrong],
      [`/api/login?phone=${NEW_PHONE}&code=${code}&code=${code}`, MSG.codeRequired],
      [`/api/login?phone=${NEW_PHONE}`, MSG.codeRequired],
      [`/api/login?phone=x&code=${code}`, MSG.contactPhone],
    ] as const;
    for (const [url, message] of cases) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: ip });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual(failure(message));
    }
    const row = await t.db.kysely
      .selectFrom('login_codes')
      .select(['wrong_tries', 'used_at'])
      .where('phone', '=', NEW_PHONE)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ wrong_tries: 0, used_at: null });
    expect((await login(NEW_PHONE, code)).json().code).toBe(0);
  });

  it('a phone that never logged in becomes a role-1 user; each login gets a new hashed token', async () => {
    const reply = async () => {
      t.clock.advance(SMS_CODE.resendSeconds);
      await sendCode(NEW_PHONE);
      const res = await login(NEW_PHONE, t.sms.lastCode(NEW_PHONE));
      expect(res.statusCode).toBe(200);
      return res.json<{ code: number; data: TLoginReply }>();
    };
    const first = await reply();
    expect(first.code).toBe(0);
    expect(first.data).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      login_role_type: [1],
      user_company_type_status: 0,
      set_keyword_status: 0,
      // One lifetime for the browser's cookies and the server's session: SESSION_TTL_DAYS.
      expires_at: t.clock.now().getTime() + t.config.sessionTtlDays * 24 * 3600 * 1000,
    });
    const second = await reply();
    expect(second.data.token).not.toBe(first.data.token);

    const user = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('phone', '=', NEW_PHONE)
      .executeTakeFirstOrThrow();
    expect(user.nickname).toBe('用户5678');
    const sessions = await t.db.kysely
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toHaveLength(2);
    for (const s of sessions) {
      expect(s.token_hash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(sessions.map((s) => s.token_hash)).not.toContain(first.data.token);
  });

  it('the demo admin logs in with roles [1,2] and finished onboarding', async () => {
    await sendCode(DEMO_ADMIN);
    const res = await login(DEMO_ADMIN, t.sms.lastCode(DEMO_ADMIN));
    expect(res.json().data).toMatchObject({
      login_role_type: [1, 2],
      user_company_type_status: 1,
      set_keyword_status: 1,
    });
  });

  it('racing requests cannot get two codes, use one code twice, or exceed the wrong-try limit', async () => {
    const sends = await Promise.all(Array.from({ length: 6 }, () => sendCode(NEW_PHONE)));
    expect(sends.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    expect(t.sms.countFor(NEW_PHONE)).toBe(1);

    const code = t.sms.lastCode(NEW_PHONE);
    const logins = await Promise.all(Array.from({ length: 4 }, () => login(NEW_PHONE, code)));
    expect(logins.filter((r) => r.json().code === 0)).toHaveLength(1);

    await sendCode(DEMO_USER);
    const wrong = otherCode(t.sms.lastCode(DEMO_USER));
    await Promise.all(Array.from({ length: 8 }, () => login(DEMO_USER, wrong)));
    const row = await t.db.kysely
      .selectFrom('login_codes')
      .select('wrong_tries')
      .where('phone', '=', DEMO_USER)
      .executeTakeFirstOrThrow();
    expect(row.wrong_tries).toBe(SMS_CODE.maxWrongTries);
  });

  it('caps codes per phone per hour', async () => {
    const cap = t.config.rateLimit.phonePerHour;
    for (let i = 0; i < cap; i++) {
      expect((await sendCode(NEW_PHONE)).statusCode).toBe(200);
      t.clock.advance(SMS_CODE.resendSeconds);
    }
    const res = await sendCode(NEW_PHONE);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(failure(MSG.rateLimited));
    expect(t.sms.countFor(NEW_PHONE)).toBe(cap);
    t.clock.advance(3600);
    expect((await sendCode(NEW_PHONE)).statusCode).toBe(200);
  });
});

describe.each(testDatabases())('per-IP limit on %s', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(kind, {
      env: { RATE_LIMIT_IP_PER_WINDOW: '3', RATE_LIMIT_IP_WINDOW_SECONDS: '600' },
    });
  });
  afterEach(() => t.close());

  const IP = '192.0.2.7';
  const sendCode = (phone: string, ip = IP) =>
    t.app.inject({ url: `/api/sendCode?phone=${phone}`, remoteAddress: ip });
  const login = (phone: string, code: string) =>
    t.app.inject({ url: `/api/login?phone=${phone}&code=${code}`, remoteAddress: IP });

  it('counts sendCode and login together and answers 429 without sending', async () => {
    expect((await sendCode('13900000001')).statusCode).toBe(200);
    expect((await login('13900000001', '000000')).statusCode).toBe(400);
    expect((await sendCode('13900000002')).statusCode).toBe(200);

    const limited = await sendCode('13900000003');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: -1, message: MSG.rateLimited, data: null });
    expect((await login('13900000002', t.sms.lastCode('13900000002'))).statusCode).toBe(429);
    expect(t.sms.sent.map((s) => s.phone)).toEqual(['13900000001', '13900000002']);

    // Another address is not affected; the same address recovers in the next window.
    expect((await sendCode('13900000003', '192.0.2.8')).statusCode).toBe(200);
    t.clock.advance(600);
    expect((await sendCode('13900000004')).statusCode).toBe(200);
  });
});
