import { MSG } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

const UNAUTHORIZED = { code: -1, message: MSG.unauthorized, data: null };

describe.each(testDatabases())('sessions on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await buildTestApp(kind);
    token = (await login(t, '13800000001')).token;
  });
  afterEach(() => t.close());

  const menu = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/menu', headers });

  it('accepts the token from the token header only, never from a cookie', async () => {
    expect((await menu({ token })).statusCode).toBe(200);
    const viaCookie = await menu({ cookie: `token=${token}` });
    expect(viaCookie.statusCode).toBe(401);
    expect(viaCookie.json()).toEqual(UNAUTHORIZED);
    const viaBearer = await menu({ authorization: `Bearer ${token}` });
    expect(viaBearer.statusCode).toBe(401);
  });

  it('missing, malformed and unknown tokens get 401', async () => {
    for (const headers of [{}, { token: '' }, { token: 'abc' }, { token: 'A'.repeat(43) }] as Record<
      string,
      string
    >[]) {
      const res = await menu(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED);
    }
  });

  it('logout revokes the token and leaves other sessions alone', async () => {
    t.clock.advance(60);
    const other = (await login(t, '13800000001')).token;
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: MSG.loggedOut, data: null });
    expect((await menu({ token })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: { token } })).statusCode).toBe(
      401,
    );
    expect((await menu({ token: other })).statusCode).toBe(200);
  });

  it('logout needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
  });

  it('a session ends after SESSION_TTL_DAYS', async () => {
    t.clock.advance(t.config.sessionTtlDays * 86400 - 1);
    expect((await menu({ token })).statusCode).toBe(200);
    t.clock.advance(1);
    expect((await menu({ token })).statusCode).toBe(401);
  });

  it('rejects an oversized body before it can act', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { token, 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 1) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: -1, message: MSG.badRequest, data: null });
    expect((await menu({ token })).statusCode).toBe(200);
  });

  it('rejects malformed JSON with the envelope and changes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { token, 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: -1, message: MSG.badRequest, data: null });
    expect((await menu({ token })).statusCode).toBe(200);
  });
});
