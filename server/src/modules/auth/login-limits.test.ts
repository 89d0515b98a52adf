import { MSG, SMS_CODE } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshIp } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

const NEW_PHONE = '13912345678';
const DEMO_USER = '13800000001';

/** A valid code that is not `code`. */
const otherCode = (code: string) =>
  String((Number(code) + 1) % 10 ** SMS_CODE.length).padStart(SMS_CODE.length, '0');
const failure = (message: string) => ({ code: -1, message, data: null });

describe.each(testDatabases())('login-code limits on %s', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(kind);
  });
  afterEach(() => t.close());

  // Each phone gets its own address, so the per-IP budget never decides these tests.
  const ips = new Map<string, string>();
  const ipOf = (phone: string) => ips.get(phone) ?? ips.set(phone, freshIp()).get(phone) ?? '';
  const sendCode = (phone: string) =>
    t.app.inject({ url: `/api/sendCode?phone=${phone}`, remoteAddress: ipOf(phone) });
  const login = (phone: string, code: string) =>
    t.app.inject({ url: `/api/login?phone=${phone}&code=${code}`, remoteAddress: ipOf(phone) });
  const codeRows = (phone: string) =>
    t.db.kysely.selectFrom('login_codes').select('id').where('phone', '=', phone).execute();

  it('caps codes per phone per day beside the hourly cap', async () => {
    expect(t.config.rateLimit.phonePerDay).toBe(10);
    for (let hour = 0; hour < 2; hour++) {
      for (let i = 0; i < t.config.rateLimit.phonePerHour; i++) {
        expect((await sendCode(NEW_PHONE)).statusCode).toBe(200);
        t.clock.advance(SMS_CODE.resendSeconds);
      }
      t.clock.advance(3600);
    }
    const res = await sendCode(NEW_PHONE);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(failure(MSG.codeDailyLimit));
    expect(t.sms.countFor(NEW_PHONE)).toBe(10);
    // 24 hours after the first send, one send is free again.
    t.clock.advance(24 * 3600 - 2 * 3600 - 10 * SMS_CODE.resendSeconds + 1);
    expect((await sendCode(NEW_PHONE)).statusCode).toBe(200);
    expect(t.sms.countFor(NEW_PHONE)).toBe(11);
  });

  it('after 15 wrong tries over three codes a fourth code no longer logs in, registered or not', async () => {
    expect(t.config.rateLimit.wrongCodesPerHour).toBe(10);
    const replies = new Map<string, string[]>();
    for (const phone of [NEW_PHONE, DEMO_USER]) {
      const seen: string[] = [];
      for (let round = 0; round < 3; round++) {
        expect((await sendCode(phone)).statusCode).toBe(200);
        const wrong = otherCode(t.sms.lastCode(phone));
        for (let i = 0; i < SMS_CODE.maxWrongTries; i++) {
          const res = await login(phone, wrong);
          seen.push(`${res.statusCode} ${res.body}`);
        }
        t.clock.advance(SMS_CODE.resendSeconds);
      }
      expect((await sendCode(phone)).statusCode).toBe(200);
      const right = await login(phone, t.sms.lastCode(phone));
      seen.push(`${right.statusCode} ${right.body}`);
      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual(failure(MSG.codeWrongTooOften));
      // The first two codes took 10 wrong tries; every try after that was refused unchecked.
      expect(seen.slice(10).every((s) => s.startsWith('429 '))).toBe(true);
      expect(seen.slice(0, 10).every((s) => s.startsWith('400 '))).toBe(true);
      replies.set(phone, seen);
    }
    expect(replies.get(NEW_PHONE)).toEqual(replies.get(DEMO_USER));
    const created = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('phone', '=', NEW_PHONE)
      .execute();
    expect(created).toEqual([]);

    // A new code logs in once the wrong tries are more than an hour (and its last bucket) old.
    t.clock.advance(3600 + 600);
    expect((await sendCode(NEW_PHONE)).statusCode).toBe(200);
    expect((await login(NEW_PHONE, t.sms.lastCode(NEW_PHONE))).json().code).toBe(0);
  });

  it('wrong tries on different codes within the hour add up; a right code in between does not reset them', async () => {
    await sendCode(DEMO_USER);
    const wrong = otherCode(t.sms.lastCode(DEMO_USER));
    for (let i = 0; i < 4; i++) {
      await login(DEMO_USER, wrong);
    }
    expect((await login(DEMO_USER, t.sms.lastCode(DEMO_USER))).json().code).toBe(0);
    for (let round = 0; round < 2; round++) {
      t.clock.advance(20 * 60);
      await sendCode(DEMO_USER);
      const next = otherCode(t.sms.lastCode(DEMO_USER));
      for (let i = 0; i < 3; i++) {
        expect((await login(DEMO_USER, next)).statusCode).toBe(400);
      }
    }
    // 4 + 3 + 3 = 10 wrong codes within 40 minutes.
    t.clock.advance(60);
    await sendCode(DEMO_USER);
    expect((await login(DEMO_USER, t.sms.lastCode(DEMO_USER))).json()).toEqual(
      failure(MSG.codeWrongTooOften),
    );
  });

  it('wrong codes count over a rolling hour, not a clock hour: 5 at 02:50 and 5 at 03:05 lock the phone', async () => {
    t.clock.advance(50 * 60);
    await sendCode(NEW_PHONE);
    const first = otherCode(t.sms.lastCode(NEW_PHONE));
    for (let i = 0; i < SMS_CODE.maxWrongTries; i++) {
      await login(NEW_PHONE, first);
    }
    t.clock.advance(15 * 60);
    await sendCode(NEW_PHONE);
    const second = otherCode(t.sms.lastCode(NEW_PHONE));
    for (let i = 0; i < SMS_CODE.maxWrongTries; i++) {
      expect((await login(NEW_PHONE, second)).statusCode).toBe(400);
    }
    t.clock.advance(SMS_CODE.resendSeconds);
    await sendCode(NEW_PHONE);
    expect((await login(NEW_PHONE, t.sms.lastCode(NEW_PHONE))).json()).toEqual(
      failure(MSG.codeWrongTooOften),
    );
  });

  it('a send refused by the provider’s flow control: 429, no usable code, the 60 s window kept', async () => {
    t.sms.failWith({ providerCode: 'isv.BUSINESS_LIMIT_CONTROL', limited: true });
    const res = await sendCode(NEW_PHONE);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(failure(MSG.codeResendTooSoon));
    expect(await codeRows(NEW_PHONE)).toEqual([]);
    const refused = t.sms.refused.at(-1)?.code ?? '';
    expect((await login(NEW_PHONE, refused)).json()).toEqual(failure(MSG.codeExpired));

    t.sms.failWith(null);
    expect((await sendCode(NEW_PHONE)).json()).toEqual(failure(MSG.codeResendTooSoon));
    t.clock.advance(SMS_CODE.resendSeconds);
    expect((await sendCode(NEW_PHONE)).statusCode).toBe(200);
    expect((await login(NEW_PHONE, t.sms.lastCode(NEW_PHONE))).json().code).toBe(0);
  });

  it('any other provider failure: 502 短信发送失败, no usable code, the earlier code kept, a retry at once', async () => {
    expect((await sendCode(DEMO_USER)).statusCode).toBe(200);
    const earlier = t.sms.lastCode(DEMO_USER);
    t.clock.advance(SMS_CODE.resendSeconds);

    t.sms.failWith({ providerCode: 'isv.AMOUNT_NOT_ENOUGH', limited: false });
    const res = await sendCode(DEMO_USER);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual(failure(MSG.smsSendFailed));
    expect(await codeRows(DEMO_USER)).toHaveLength(1);
    const refused = t.sms.refused.at(-1)?.code ?? '';
    if (refused !== earlier) {
      expect((await login(DEMO_USER, refused)).json()).toEqual(failure(MSG.codeWrong));
    }
    expect((await login(DEMO_USER, earlier)).json().code).toBe(0);

    // The failed send took no slot and counted against no cap: the retry goes out at once.
    t.sms.failWith(null);
    expect((await sendCode(DEMO_USER)).statusCode).toBe(200);
    expect(t.sms.countFor(DEMO_USER)).toBe(2);
  });
});
