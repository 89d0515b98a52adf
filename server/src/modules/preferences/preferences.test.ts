import { MSG, SMS_CODE, type TUserPreferences } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

type Envelope<T> = { code: number; message: string; data: T };

describe.each(testDatabases())('user preferences API on %s', (kind) => {
  let t: TestApp;
  let mine: string;
  let theirs: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, { seed: false });
    mine = (await login(t, '13900002101')).token;
    theirs = (await login(t, '13900002102')).token;
  }, 120_000);
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST', token?: string, payload?: object) => {
    const res = await t.app.inject({
      method,
      url: '/api/user/preferences',
      ...(token ? { headers: { token } } : {}),
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json<Envelope<TUserPreferences>>() };
  };

  it('starts from the cover grid, remembers the list view for that user only, across sessions', async () => {
    expect((await call('GET', mine)).body.data).toEqual({ report_view: 'grid' });
    const saved = await call('POST', mine, { report_view: 'rows' });
    expect(saved.body).toMatchObject({ code: 0, data: { report_view: 'rows' } });
    // A second device: a new session of the same user reads the same choice.
    t.clock.advance(SMS_CODE.resendSeconds);
    const again = (await login(t, '13900002101')).token;
    expect((await call('GET', again)).body.data).toEqual({ report_view: 'rows' });
    expect((await call('GET', theirs)).body.data).toEqual({ report_view: 'grid' });
    await call('POST', again, { report_view: 'grid' });
    expect((await call('GET', mine)).body.data).toEqual({ report_view: 'grid' });
  });

  it('refuses an unknown view or key and changes nothing', async () => {
    await call('POST', mine, { report_view: 'rows' });
    for (const body of [{ report_view: 'table' }, { report_view: 1 }, { colour: 'red' }]) {
      const r = await call('POST', mine, body);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(MSG.badRequest);
    }
    expect((await call('GET', mine)).body.data).toEqual({ report_view: 'rows' });
  });

  it('answers 401 without a session', async () => {
    expect((await call('GET')).status).toBe(401);
    expect((await call('POST', undefined, { report_view: 'rows' })).status).toBe(401);
  });
});
