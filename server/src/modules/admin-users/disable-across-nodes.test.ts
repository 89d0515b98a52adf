import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { createDatabase, type Db } from '../../db/database.ts';
import { DEMO_ADMIN_PHONE } from '../../seed/demo-users.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, type TestApp } from '../../test/testApp.ts';

const READ_CACHE_MS = 400;

/**
 * Two portal nodes on one PostgreSQL: node B cannot see node A's writes in its write
 * generation, so a session B has cached lives until READ_CACHE_MS passes (README "Read caches").
 * This pins that bound for a disabled user until issue 17's cross-node invalidation replaces it.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a user disabled on one PostgreSQL node', () => {
  let a: TestApp;
  let bDb: Db;
  let b: App;

  beforeAll(async () => {
    a = await buildTestApp('postgres', { env: { READ_CACHE_MS: String(READ_CACHE_MS) } });
    bDb = createDatabase(
      { kind: 'postgres', url: process.env.TEST_DATABASE_URL as string },
      { schema: a.db.schema as string, maxConnections: 2 },
    );
    b = await buildApp({
      config: a.config,
      db: bDb,
      clock: a.clock,
      sms: a.sms,
      logger: false,
      storage: a.storage,
    });
    await b.ready();
  });
  afterAll(async () => {
    await b.close();
    await bDb.close();
    await a.close();
  });

  it('is refused by the other node within READ_CACHE_MS', async () => {
    const admin = (await login(a, DEMO_ADMIN_PHONE)).token;
    const { token } = await login(a, '13922220000');
    const profileOnB = async () =>
      (await b.inject({ method: 'GET', url: '/api/user/set/get_user_info', headers: { token } })).statusCode;
    expect(await profileOnB()).toBe(200); // B now holds the session in its cache

    const id = (
      await a.db.kysely
        .selectFrom('users')
        .select('id')
        .where('phone', '=', '13922220000')
        .executeTakeFirstOrThrow()
    ).id;
    const disabled = await a.app.inject({
      method: 'POST',
      url: `/api/admin/users/${id}/disable`,
      headers: { token: admin },
    });
    expect(disabled.statusCode).toBe(200);
    const start = performance.now();
    expect(
      (await a.app.inject({ method: 'GET', url: '/api/user/set/get_user_info', headers: { token } }))
        .statusCode,
    ).toBe(401);
    while ((await profileOnB()) === 200) {
      expect(performance.now() - start).toBeLessThan(READ_CACHE_MS + 500);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await profileOnB()).toBe(401);
  });
});
