import { MSG } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PHONE, DEMO_USER_PHONE } from '../../seed/demo-users.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

/** The back-office calls this file must cover; any other `/api/admin/…` route found is tested too. */
const KNOWN_ADMIN_GETS = [
  '/api/admin/feedback',
  '/api/admin/digest/runs',
  '/api/admin/digest/deliveries',
  '/api/admin/users',
  '/api/admin/users/1',
  '/api/admin/analyses/1/grants',
];

type Call = { method: string; url: string };

/**
 * Every route under /api/admin with each of its methods, read from the app's own route table.
 * `printRoutes` prints a tree: a child line (`└── /:id (GET)`) continues its parent's path, so
 * paths are rebuilt from the indentation. A path parameter becomes 1, so the call reaches the
 * guard rather than a 404.
 */
function adminRoutes(t: TestApp): Call[] {
  const stack: string[] = [];
  const found: Call[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match) {
      continue;
    }
    const depth = (match[1] as string).length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + (match[2] as string);
    stack.push(path);
    if (!path.startsWith('/api/admin/') || !match[3]) {
      continue;
    }
    for (const method of match[3].split(', ').filter((m) => m !== 'HEAD')) {
      found.push({ method, url: path.replace(/:\w+/g, '1') });
    }
  }
  return found.sort((x, y) => `${x.url} ${x.method}`.localeCompare(`${y.url} ${y.method}`));
}

describe.each(testDatabases())('back-office refusals on %s', (kind) => {
  let t: TestApp;
  let userToken: string;
  let adminToken: string;
  let calls: Call[];

  beforeAll(async () => {
    t = await buildTestApp(kind);
    userToken = (await login(t, DEMO_USER_PHONE)).token;
    adminToken = (await login(t, DEMO_ADMIN_PHONE)).token;
    calls = [...adminRoutes(t), { method: 'GET', url: '/api/user/routes?type=2' }];
  });
  afterAll(async () => {
    await t.close();
  });

  const send = ({ method, url }: Call, token?: string) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: token === undefined ? {} : { token },
    });

  it('finds every back-office route in the route table', () => {
    const gets = calls.filter((c) => c.method === 'GET').map((c) => c.url);
    expect(gets).toEqual(expect.arrayContaining([...KNOWN_ADMIN_GETS, '/api/user/routes?type=2']));
    // Writes are found too, nested paths included.
    expect(calls).toEqual(
      expect.arrayContaining([
        { method: 'PUT', url: '/api/admin/users/1/roles' },
        { method: 'DELETE', url: '/api/admin/analyses/1/grants/1' },
        { method: 'POST', url: '/api/admin/headlines/1/cover' },
        { method: 'DELETE', url: '/api/admin/headlines/1/cover' },
      ]),
    );
  });

  it('answers 401 without a session or with a dead token', async () => {
    for (const call of calls) {
      for (const token of [undefined, 'not-a-session-token']) {
        const res = await send(call, token);
        expect(res.statusCode, `${call.method} ${call.url} token=${token}`).toBe(401);
        expect(res.json()).toEqual({ code: -1, message: MSG.unauthorized, data: null });
      }
    }
  });

  it('answers 403 with the spec envelope (code 1001, 暂无查看权限) to a user without role 2', async () => {
    for (const call of calls) {
      const res = await send(call, userToken);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json()).toEqual({ code: 1001, message: MSG.noPermission, data: null });
    }
  });

  it('lets an admin through (reads only: writes would change the data)', async () => {
    for (const { url } of calls.filter((c) => c.method === 'GET')) {
      const res = await send({ method: 'GET', url }, adminToken);
      // A parametrised route called with 1 for every parameter may find nothing (404) or refuse
      // the value (a content type named 1 → 400): either way the guard let the admin through.
      if (/\/1(\/|$)/.test(url)) {
        expect([401, 403], url).not.toContain(res.statusCode);
        continue;
      }
      expect(res.statusCode, url).toBe(200);
      // Exports (the inboxes' CSV) are files, not envelopes.
      if (String(res.headers['content-type']).startsWith('application/json')) {
        expect(res.json().code).toBe(0);
      }
    }
  });
});
