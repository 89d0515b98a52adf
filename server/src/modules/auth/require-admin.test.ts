import { MSG } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PHONE, DEMO_USER_PHONE } from '../../db/seed/demo-users.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

/** The back-office calls this file must cover; any other `/api/admin/…` route found is tested too. */
const KNOWN_ADMIN_GETS = ['/api/admin/feedback', '/api/admin/digest/runs', '/api/admin/digest/deliveries'];

/** Every GET route under /api/admin, read from the app's own route table. */
function adminGets(t: TestApp): string[] {
  const found = t.app
    .printRoutes({ commonPrefix: false })
    .split('\n')
    .flatMap((line) => {
      const match = /(\/api\/admin\/\S+) \(([A-Z, ]+)\)/.exec(line);
      return match && match[2]?.split(', ').includes('GET') ? [match[1] as string] : [];
    });
  return [...new Set(found)].sort();
}

describe.each(testDatabases())('back-office refusals on %s', (kind) => {
  let t: TestApp;
  let userToken: string;
  let adminToken: string;
  let calls: string[];

  beforeAll(async () => {
    t = await buildTestApp(kind);
    userToken = (await login(t, DEMO_USER_PHONE)).token;
    adminToken = (await login(t, DEMO_ADMIN_PHONE)).token;
    calls = [...adminGets(t), '/api/user/routes?type=2'];
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token === undefined ? {} : { token } });

  it('finds every back-office route in the route table', () => {
    expect(calls).toEqual(expect.arrayContaining([...KNOWN_ADMIN_GETS, '/api/user/routes?type=2']));
  });

  it('answers 401 without a session or with a dead token', async () => {
    for (const url of calls) {
      for (const token of [undefined, 'not-a-session-token']) {
        const res = await get(url, token);
        expect(res.statusCode, `${url} token=${token}`).toBe(401);
        expect(res.json()).toEqual({ code: -1, message: MSG.unauthorized, data: null });
      }
    }
  });

  it('answers 403 with the spec envelope (code 1001, 暂无查看权限) to a user without role 2', async () => {
    for (const url of calls) {
      const res = await get(url, userToken);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ code: 1001, message: MSG.noPermission, data: null });
    }
  });

  it('lets an admin through', async () => {
    for (const url of calls) {
      const res = await get(url, adminToken);
      expect(res.statusCode, url).toBe(200);
      expect(res.json().code).toBe(0);
    }
  });
});
