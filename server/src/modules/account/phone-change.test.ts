import { MSG } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PHONE } from '../../seed/demo-users.ts';
import { freshIp, login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { PHONE_CHANGE_PER_IP_PER_HOUR, PHONE_CHANGE_PER_USER_PER_HOUR } from './account.service.ts';

/** A phone nobody has registered. */
const FREE_PHONE = '13700006666';

describe.each(testDatabases())('changing the phone on %s', (kind) => {
  let t: TestApp;
  let phoneNo = 0;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A new account of its own, so each test starts with fresh per-user counters. */
  const newUser = async () => (await login(t, `1360000${String(++phoneNo).padStart(4, '0')}`)).token;
  const change = async (token: string, phone: string, code: string, ip: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/set/phone',
      headers: { token },
      payload: { phone, code },
      remoteAddress: ip,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const sendCode = (phone: string) =>
    t.app.inject({ method: 'GET', url: `/api/sendCode?phone=${phone}`, remoteAddress: freshIp() });
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

  it('answers a wrong code alike whether the number is registered or free', async () => {
    const token = await newUser();
    const ip = freshIp();
    // No code sent to either number yet.
    const takenNoCode = await change(token, DEMO_ADMIN_PHONE, '123456', ip);
    const freeNoCode = await change(token, FREE_PHONE, '123456', ip);
    expect(takenNoCode).toEqual({ status: 400, body: { code: -1, message: MSG.codeExpired, data: null } });
    expect(freeNoCode).toEqual(takenNoCode);
    // A code sent to each, and a wrong one typed.
    await sendCode(DEMO_ADMIN_PHONE);
    await sendCode(FREE_PHONE);
    const taken = await change(token, DEMO_ADMIN_PHONE, wrong(t.sms.lastCode(DEMO_ADMIN_PHONE)), ip);
    const free = await change(token, FREE_PHONE, wrong(t.sms.lastCode(FREE_PHONE)), ip);
    expect(taken).toEqual({ status: 400, body: { code: -1, message: MSG.codeWrong, data: null } });
    expect(free).toEqual(taken);
  });

  it('tells only who has the code that the number belongs to another account', async () => {
    const token = await newUser();
    await sendCode(DEMO_ADMIN_PHONE);
    expect(await change(token, DEMO_ADMIN_PHONE, t.sms.lastCode(DEMO_ADMIN_PHONE), freshIp())).toEqual({
      status: 400,
      body: { code: -1, message: MSG.phoneTaken, data: null },
    });
  });

  it(`refuses a user's attempt past ${PHONE_CHANGE_PER_USER_PER_HOUR} an hour (429), then lets them try again`, async () => {
    const token = await newUser();
    for (let i = 0; i < PHONE_CHANGE_PER_USER_PER_HOUR; i++) {
      expect((await change(token, FREE_PHONE, '123456', freshIp())).status).toBe(400);
    }
    expect(await change(token, FREE_PHONE, '123456', freshIp())).toEqual({
      status: 429,
      body: { code: -1, message: MSG.rateLimited, data: null },
    });
    // Throttled attempts never reach the code: the right one is refused as well, and nothing moves.
    await sendCode(FREE_PHONE);
    expect((await change(token, FREE_PHONE, t.sms.lastCode(FREE_PHONE), freshIp())).status).toBe(429);
    t.clock.advance(3600);
    await sendCode(FREE_PHONE);
    const moved = await change(token, FREE_PHONE, t.sms.lastCode(FREE_PHONE), freshIp());
    expect(moved.status).toBe(200);
    expect(moved.body.data.phone).toBe(FREE_PHONE);
  });

  it(`refuses an IP's attempt past ${PHONE_CHANGE_PER_IP_PER_HOUR} an hour, whoever is logged in`, async () => {
    const ip = freshIp();
    let sent = 0;
    while (sent < PHONE_CHANGE_PER_IP_PER_HOUR) {
      const token = await newUser();
      for (
        let i = 0;
        i < PHONE_CHANGE_PER_USER_PER_HOUR && sent < PHONE_CHANGE_PER_IP_PER_HOUR;
        i++, sent++
      ) {
        expect((await change(token, '13700007777', '123456', ip)).status).toBe(400);
      }
    }
    const fresh = await newUser();
    expect((await change(fresh, '13700007777', '123456', ip)).status).toBe(429);
    expect((await change(fresh, '13700007777', '123456', freshIp())).status).toBe(400);
  });
});
