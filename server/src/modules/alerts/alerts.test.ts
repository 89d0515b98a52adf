import { MSG, SEARCH_ALERTS_MAX, type TSearchAlert } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

type Envelope<T> = { code: number; message: string; data: T };

describe.each(testDatabases())('search alerts API on %s', (kind) => {
  let t: TestApp;
  let mine: string;
  let theirs: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, { seed: false });
    mine = (await login(t, '13900002001')).token;
    theirs = (await login(t, '13900002002')).token;
  }, 120_000);
  afterAll(() => t.close());

  const call = async <T>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    token?: string,
    payload?: object,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      ...(token ? { headers: { token } } : {}),
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };

  it('saves the search with its tab, lists it newest first, refuses a duplicate', async () => {
    const a = await call<TSearchAlert>('POST', '/api/search/alerts', mine, {
      query: '  储能  ',
      tn: 'report',
    });
    expect(a.body).toMatchObject({
      code: 0,
      message: MSG.alertCreated,
      data: { query: '储能', tn: 'report', paused: 0 },
    });
    const b = await call<TSearchAlert>('POST', '/api/search/alerts', mine, { query: '储能' });
    expect(b.body.data).toMatchObject({ query: '储能', tn: 'all' });
    const list = await call<TSearchAlert[]>('GET', '/api/search/alerts', mine);
    expect(list.body.data.map((x) => [x.query, x.tn])).toEqual([
      ['储能', 'all'],
      ['储能', 'report'],
    ]);
    const again = await call('POST', '/api/search/alerts', mine, { query: '储能', tn: 'report' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MSG.alertDuplicate);
    expect((await call<TSearchAlert[]>('GET', '/api/search/alerts', theirs)).body.data).toEqual([]);
  });

  it('refuses bad input in the spec words and changes nothing', async () => {
    const cases: [object, string][] = [
      [{ query: '   ' }, MSG.searchRequired],
      [{ query: 'x'.repeat(101) }, MSG.searchTooLong],
      [{ query: '储能', tn: 'material' }, MSG.alertTabUnsupported],
    ];
    for (const [body, message] of cases) {
      const r = await call('POST', '/api/search/alerts', mine, body);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(message);
    }
    expect((await call<TSearchAlert[]>('GET', '/api/search/alerts', mine)).body.data).toHaveLength(2);
    expect((await call('GET', '/api/search/alerts')).status).toBe(401);
    expect((await call('POST', '/api/search/alerts', undefined, { query: '储能' })).status).toBe(401);
  });

  it('pauses, resumes and deletes only the owner’s alert (another user’s id → 404)', async () => {
    const [alert] = (await call<TSearchAlert[]>('GET', '/api/search/alerts', mine)).body.data;
    const id = alert?.id as number;
    const paused = await call<TSearchAlert>('POST', `/api/search/alerts/${id}/status`, mine, { paused: 1 });
    expect(paused.body.data).toMatchObject({ id, paused: 1 });
    expect(
      (await call<TSearchAlert>('POST', `/api/search/alerts/${id}/status`, mine, { paused: 0 })).body.data
        .paused,
    ).toBe(0);

    for (const [method, url, body] of [
      ['POST', `/api/search/alerts/${id}/status`, { paused: 1 }],
      ['DELETE', `/api/search/alerts/${id}`, undefined],
    ] as const) {
      const r = await call(method, url, theirs, body);
      expect(r.status).toBe(404);
      expect(r.body.message).toBe(MSG.alertNotFound);
    }
    expect((await call('DELETE', '/api/search/alerts/abc', mine)).status).toBe(400);
    expect(
      (await call<TSearchAlert[]>('GET', '/api/search/alerts', mine)).body.data.find((x) => x.id === id)
        ?.paused,
    ).toBe(0);

    expect((await call('DELETE', `/api/search/alerts/${id}`, mine)).body.code).toBe(0);
    expect((await call('DELETE', `/api/search/alerts/${id}`, mine)).status).toBe(404);
    expect((await call<TSearchAlert[]>('GET', '/api/search/alerts', mine)).body.data).toHaveLength(1);
  });

  it(`keeps at most ${SEARCH_ALERTS_MAX} alerts per user`, async () => {
    for (let i = 0; i < SEARCH_ALERTS_MAX; i++) {
      await call('POST', '/api/search/alerts', theirs, { query: `关键词${i}` });
    }
    const over = await call('POST', '/api/search/alerts', theirs, { query: '一个太多' });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(MSG.alertLimit);
    expect((await call<TSearchAlert[]>('GET', '/api/search/alerts', theirs)).body.data).toHaveLength(
      SEARCH_ALERTS_MAX,
    );
  });
});
