import { ADMIN_USER_MSG, CONTENT_INDEXES, MSG, type TAdminGrantsReply } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PHONE, DEMO_USER_PHONE } from '../../seed/demo-users.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

type Envelope<T> = { code: number; message: string; data: T };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Restricted headlines (spec §6: the server may refuse a headline with 1001) through the same
 * grants as restricted insight topics: the admin flips the flag and grants users by phone.
 */
describe.each(testDatabases())('restricted headlines on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  let userToken: string;
  let userId: number;
  let headlineId: number;

  beforeAll(async () => {
    t = await buildTestApp(kind, { demoReports: 0 });
    adminToken = (await login(t, DEMO_ADMIN_PHONE)).token;
    userToken = (await login(t, DEMO_USER_PHONE)).token;
    userId = (
      await t.db.kysely
        .selectFrom('users')
        .select('id')
        .where('phone', '=', DEMO_USER_PHONE)
        .executeTakeFirstOrThrow()
    ).id;
    headlineId = (
      await t.db.kysely
        .selectFrom('headlines')
        .select('id')
        .where('status', '=', 'published')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  }, 180_000);
  afterAll(() => t.close());

  const call = async <T>(
    method: Method,
    url: string,
    payload?: unknown,
    token: string | null = adminToken,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: token === null ? {} : { token },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const headline = (token: string | null) =>
    call<{ detail_info: { _source: { title: string; content: string } } }>(
      'POST',
      '/api/detail',
      { index: CONTENT_INDEXES.business, detail_id: String(headlineId) },
      token,
    );
  const grants = () => `/api/admin/headlines/${headlineId}/grants`;

  it('an open headline reads for everyone; restricted, only admins and granted users', async () => {
    expect((await headline(userToken)).body.code).toBe(0);
    expect((await headline(null)).body.code).toBe(0);
    expect(await t.content.headlinePreview(headlineId)).not.toBeNull();

    const set = await call<TAdminGrantsReply>('PUT', `/api/admin/headlines/${headlineId}/restricted`, {
      value: 1,
    });
    expect(set.body.data).toMatchObject({ id: headlineId, restricted: 1, data: [] });

    const refused = await headline(userToken);
    expect(refused.body).toMatchObject({ code: 1001, message: MSG.noPermission });
    // The shared page refuses too, and its meta tags do not preview the text.
    expect((await headline(null)).body.code).toBe(1001);
    const title = (
      await t.db.kysely
        .selectFrom('headlines')
        .select('title')
        .where('id', '=', headlineId)
        .executeTakeFirstOrThrow()
    ).title;
    expect(await t.content.headlinePreview(headlineId)).toBeNull();
    expect((await headline(adminToken)).body.code).toBe(0);
    // Recommendations and useful marks of the refused headline are refused alike.
    const recommend = await call(
      'POST',
      '/api/recommend',
      { index: CONTENT_INDEXES.business, detail_id: String(headlineId) },
      userToken,
    );
    expect(recommend.body.code).toBe(1001);

    const granted = await call<TAdminGrantsReply>('POST', grants(), { phone: DEMO_USER_PHONE });
    expect(granted.body.data.data).toEqual([
      expect.objectContaining({ user_id: userId, phone: DEMO_USER_PHONE }),
    ]);
    const read = await headline(userToken);
    expect(read.body.code).toBe(0);
    expect(read.body.data.detail_info._source.title).toBe(title);
    expect((await call<TAdminGrantsReply>('GET', grants())).body.data.data).toHaveLength(1);

    const revoked = await call<TAdminGrantsReply>('DELETE', `${grants()}/${userId}`);
    expect(revoked.body.data.data).toEqual([]);
    expect((await headline(userToken)).body.code).toBe(1001);

    await call('PUT', `/api/admin/headlines/${headlineId}/restricted`, { value: 0 });
    expect((await headline(userToken)).body.code).toBe(0);
    expect((await headline(null)).body.code).toBe(0);

    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'headline')
      .where('target_id', '=', headlineId)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'headline.restricted',
      'headline.grant',
      'headline.revoke',
      'headline.restricted',
    ]);
  });

  it('refuses unknown headlines and users, bad flags, and every caller but an admin', async () => {
    expect((await call('GET', '/api/admin/headlines/999999/grants')).body.message).toBe(
      ADMIN_USER_MSG.headlineNotFound,
    );
    const nobody = await call('POST', grants(), { phone: '13912345678' });
    expect(nobody).toMatchObject({ status: 404, body: { message: ADMIN_USER_MSG.userNotFound } });
    const bad = await call('PUT', `/api/admin/headlines/${headlineId}/restricted`, { value: 2 });
    expect(bad.status).toBe(400);
    expect((await call('GET', grants(), undefined, null)).status).toBe(401);
    expect(
      (await call('PUT', `/api/admin/headlines/${headlineId}/restricted`, { value: 1 }, userToken)).status,
    ).toBe(403);
    expect((await headline(userToken)).body.code).toBe(0);
  });
});
