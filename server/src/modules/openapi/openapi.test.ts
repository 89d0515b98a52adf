import { MSG } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { OPENAPI_PATH } from './openapi.routes.ts';

type Document = {
  openapi: string;
  paths: Record<
    string,
    Record<string, { requestBody?: unknown; parameters?: { name: string; in: string }[] }>
  >;
};

describe.each(testDatabases())('OpenAPI document on %s', (kind) => {
  const apps: TestApp[] = [];
  const open = async (mode?: string) => {
    const t = await buildTestApp(kind, { env: mode ? { OPENAPI: mode } : {} });
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });

  it('is not served by default', async () => {
    const t = await open();
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: -1 });
  });

  describe('OPENAPI=admin', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await open('admin');
    });

    it('is refused without a session and to a user without role 2', async () => {
      const anonymous = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ code: -1, message: MSG.unauthorized, data: null });
      const user = await login(t, '13800000001');
      const refused = await t.app.inject({
        method: 'GET',
        url: OPENAPI_PATH,
        headers: { token: user.token },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 1001, message: MSG.noPermission, data: null });
    });

    it('describes every API call from the contract schemas, to an admin', async () => {
      const admin = await login(t, '13800000002');
      const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH, headers: { token: admin.token } });
      expect(res.statusCode).toBe(200);
      const doc = res.json<Document>();
      expect(doc.openapi).toMatch(/^3\./);
      // A body and a query schema from the contract made it into the document.
      expect(doc.paths['/api/search']?.post?.requestBody).toMatchObject({
        content: { 'application/json': { schema: { properties: { keyword: {}, page_size: {} } } } },
      });
      expect(doc.paths['/api/sendCode']?.get?.parameters).toContainEqual(
        expect.objectContaining({ name: 'phone', in: 'query' }),
      );
      expect(Object.keys(doc.paths).length).toBeGreaterThan(60);
      // Only API calls: not the web app's files, not the document itself.
      expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
      expect(doc.paths[OPENAPI_PATH]).toBeUndefined();
    });
  });

  it('OPENAPI=public serves it to anyone', async () => {
    const t = await open('public');
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.json<Document>().paths['/api/login']).toBeDefined();
  });
});
