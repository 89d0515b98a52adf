import {
  ADMIN_USER_MSG,
  CONTENT_INDEXES,
  MSG,
  type TAdminGrantsReply,
  type TAdminUser,
  type TAdminUserDetail,
  type TAdminUsersReply,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PHONE, DEMO_USER_PHONE } from '../../seed/demo-users.ts';
import { freshIp, login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

type Envelope<T> = { code: number; message: string; data: T };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(testDatabases())('back-office users on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  let adminId: number;
  let userToken: string;
  let userId: number;
  let restrictedId: number;

  beforeAll(async () => {
    t = await buildTestApp(kind, { demoReports: 0 });
    adminToken = (await login(t, DEMO_ADMIN_PHONE)).token;
    userToken = (await login(t, DEMO_USER_PHONE)).token;
    adminId = await idOf(DEMO_ADMIN_PHONE);
    userId = await idOf(DEMO_USER_PHONE);
    const restricted = await t.db.kysely
      .selectFrom('analyses')
      .select('id')
      .where('restricted', '=', 1)
      .executeTakeFirstOrThrow();
    restrictedId = restricted.id;
  }, 180_000);
  afterAll(() => t.close());

  const idOf = async (phone: string) =>
    (await t.db.kysely.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow())
      .id;
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
  const auditOf = (action: string, targetId: number) =>
    t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', targetId)
      .orderBy('id', 'desc')
      .execute();
  const detailOf = (index: string, id: number | string, token: string) =>
    call<{ organ_detail_menu: number }>('POST', '/api/detail', { index, detail_id: String(id) }, token);

  it('refuses every call of the section: 401 without a session, 403 (1001) for role 1', async () => {
    const calls: [Method, string, unknown?][] = [
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${userId}`],
      ['PUT', `/api/admin/users/${userId}/roles`, { roles: [1, 2] }],
      ['PUT', `/api/admin/users/${userId}/organ_detail_menu`, { value: 1 }],
      ['POST', `/api/admin/users/${userId}/disable`],
      ['POST', `/api/admin/users/${userId}/enable`],
      ['GET', `/api/admin/analyses/${restrictedId}/grants`],
      ['POST', `/api/admin/analyses/${restrictedId}/grants`, { user_id: userId }],
      ['DELETE', `/api/admin/analyses/${restrictedId}/grants/${userId}`],
      ['PUT', `/api/admin/analyses/${restrictedId}/restricted`, { value: 1 }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, payload, null)).status, `${method} ${url}`).toBe(401);
      const asUser = await call(method, url, payload, userToken);
      expect(asUser, `${method} ${url}`).toEqual({
        status: 403,
        body: { code: 1001, message: MSG.noPermission, data: null },
      });
    }
    // Nothing those refused calls asked for happened.
    expect(await auditOf('user.roles', userId)).toHaveLength(0);
    expect((await call<TAdminUserDetail>('GET', `/api/admin/users/${userId}`)).body.data.roles).toEqual([1]);
  });

  it('searches by part of the phone or the nickname, with full phones, filters and paging', async () => {
    const byPhone = await call<TAdminUsersReply>('GET', '/api/admin/users?keyword=00000001');
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.data.total).toBe(1);
    expect(byPhone.body.data.data[0]).toMatchObject({
      id: userId,
      phone: DEMO_USER_PHONE,
      roles: [1],
      status: 1,
      organ_detail_menu: expect.any(Number),
    });

    const byName = await call<TAdminUsersReply>(
      'GET',
      `/api/admin/users?keyword=${encodeURIComponent('管理员')}`,
    );
    expect(byName.body.data.data.map((u) => u.phone)).toEqual([DEMO_ADMIN_PHONE]);
    expect(byName.body.data.data[0]?.roles).toEqual([1, 2]);

    // A LIKE wildcard typed by the admin is a literal character, not "anything".
    expect((await call<TAdminUsersReply>('GET', '/api/admin/users?keyword=%25')).body.data.total).toBe(0);

    for (let i = 0; i < 5; i++) {
      await login(t, `1391111000${i}`);
    }
    const page1 = await call<TAdminUsersReply>('GET', '/api/admin/users?keyword=139111&page_size=2');
    const page3 = await call<TAdminUsersReply>('GET', '/api/admin/users?keyword=139111&page_size=2&page=3');
    expect(page1.body.data.total).toBe(5);
    expect(page1.body.data.data.map((u) => u.phone)).toEqual(['13911110004', '13911110003']);
    expect(page3.body.data.data.map((u) => u.phone)).toEqual(['13911110000']);

    const admins = await call<TAdminUsersReply>('GET', '/api/admin/users?role=2');
    expect(admins.body.data.data.map((u) => u.phone)).toEqual([DEMO_ADMIN_PHONE]);
    expect((await call('GET', '/api/admin/users?page_size=1000')).status).toBe(400);
    expect((await call('GET', '/api/admin/users?role=7')).status).toBe(400);
  });

  it('records activity at most once an hour and shows it with subscriptions in the detail', async () => {
    const first = (await call<TAdminUserDetail>('GET', `/api/admin/users/${userId}`)).body.data;
    expect(first.last_active_at).toBe(t.clock.now().getTime());
    expect(first.subscription.email).not.toBe('');
    expect(first.subscription.subscribed).toBe(1);
    expect(first.subscription.keywords.length).toBeGreaterThan(0);

    t.clock.advance(30 * 60);
    await call('GET', '/api/user/set/get_user_info', undefined, userToken);
    const unchanged = (await call<TAdminUserDetail>('GET', `/api/admin/users/${userId}`)).body.data;
    expect(unchanged.last_active_at).toBe(first.last_active_at);

    t.clock.advance(31 * 60);
    await call('GET', '/api/user/set/get_user_info', undefined, userToken);
    const later = (await call<TAdminUserDetail>('GET', `/api/admin/users/${userId}`)).body.data;
    expect(later.last_active_at).toBe(t.clock.now().getTime());
    expect((await call('GET', '/api/admin/users/999999')).body.message).toBe(ADMIN_USER_MSG.userNotFound);
  });

  it('changes roles, refuses an admin removing their own role 2, and audits before → after', async () => {
    const other = await idOf('13911110000');
    const promoted = await call<TAdminUser>('PUT', `/api/admin/users/${other}/roles`, { roles: [2, 1] });
    expect(promoted.body.data.roles).toEqual([1, 2]);
    const [entry] = await auditOf('user.roles', other);
    expect(entry).toMatchObject({ actor_id: adminId, target_type: 'user' });
    expect(JSON.parse(entry?.before ?? 'null')).toEqual({ roles: [1] });
    expect(JSON.parse(entry?.after ?? 'null')).toEqual({ roles: [1, 2] });
    expect(
      (await call<TAdminUser>('PUT', `/api/admin/users/${other}/roles`, { roles: [1] })).body.data.roles,
    ).toEqual([1]);

    const self = await call('PUT', `/api/admin/users/${adminId}/roles`, { roles: [1] });
    expect(self).toEqual({
      status: 400,
      body: { code: -1, message: ADMIN_USER_MSG.cannotDemoteSelf, data: null },
    });
    const bad = await call('PUT', `/api/admin/users/${other}/roles`, { roles: [2] });
    expect(bad.body.message).toBe(ADMIN_USER_MSG.rolesInvalid);
    expect((await call<TAdminUserDetail>('GET', `/api/admin/users/${adminId}`)).body.data.roles).toEqual([
      1, 2,
    ]);
  });

  it('organ_detail_menu changes what POST /api/detail tells that user', async () => {
    const headline = await t.db.kysely.selectFrom('headlines').select('id').executeTakeFirstOrThrow();
    for (const value of [1, 0] as const) {
      const res = await call<TAdminUser>('PUT', `/api/admin/users/${userId}/organ_detail_menu`, { value });
      expect(res.body.data.organ_detail_menu).toBe(value);
      const seen = await detailOf(CONTENT_INDEXES.business, headline.id, userToken);
      expect(seen.body.data.organ_detail_menu).toBe(value);
    }
    expect((await call('PUT', `/api/admin/users/${userId}/organ_detail_menu`, { value: 2 })).status).toBe(
      400,
    );
    expect(await auditOf('user.organ_detail_menu', userId)).toHaveLength(2);
  });

  it('disabling ends the sessions at once and refuses login; enabling restores login', async () => {
    const phone = '13911110001';
    const { token } = await login(t, phone);
    const id = await idOf(phone);
    expect((await call('GET', '/api/user/set/get_user_info', undefined, token)).status).toBe(200);

    const disabled = await call<TAdminUser>('POST', `/api/admin/users/${id}/disable`);
    expect(disabled.body.data.status).toBe(0);
    // Same process, session cache warm: the very next request is refused.
    expect((await call('GET', '/api/user/set/get_user_info', undefined, token)).status).toBe(401);

    const ip = freshIp();
    const send = await t.app.inject({
      method: 'GET',
      url: `/api/sendCode?phone=${phone}`,
      remoteAddress: ip,
    });
    expect(send.statusCode).toBe(403);
    expect(send.json<Envelope<null>>().message).toBe(ADMIN_USER_MSG.accountDisabled);
    const code = t.sms.lastCode(phone);
    const loginAgain = await t.app.inject({
      method: 'GET',
      url: `/api/login?phone=${phone}&code=${code}`,
      remoteAddress: ip,
    });
    expect(loginAgain.statusCode).toBe(403);
    expect(loginAgain.json<Envelope<null>>().message).toBe(ADMIN_USER_MSG.accountDisabled);
    expect(
      (await call<TAdminUsersReply>('GET', '/api/admin/users?status=0')).body.data.data.map((u) => u.id),
    ).toEqual([id]);

    const self = await call('POST', `/api/admin/users/${adminId}/disable`);
    expect(self.body.message).toBe(ADMIN_USER_MSG.cannotDisableSelf);
    expect((await call('GET', '/api/admin/users', undefined, adminToken)).status).toBe(200);

    const enabled = await call<TAdminUser>('POST', `/api/admin/users/${id}/enable`);
    expect(enabled.body.data.status).toBe(1);
    // The old session stays ended; a fresh login works.
    expect((await call('GET', '/api/user/set/get_user_info', undefined, token)).status).toBe(401);
    t.clock.advance(61); // the resend window of the code sent before the disable
    const fresh = await login(t, phone);
    expect((await call('GET', '/api/user/set/get_user_info', undefined, fresh.token)).status).toBe(200);

    const [disableEntry] = await auditOf('user.disable', id);
    expect(JSON.parse(disableEntry?.before ?? 'null')).toEqual({ status: 1 });
    expect(JSON.parse(disableEntry?.after ?? 'null')).toEqual({ status: 0, sessions_revoked: 2 }); // this test's login and the search test's
    const [enableEntry] = await auditOf('user.enable', id);
    expect(JSON.parse(enableEntry?.after ?? 'null')).toEqual({ status: 1 });
  });

  it('a grant lets the user open the restricted topic, a revoke shuts it again', async () => {
    expect((await detailOf(CONTENT_INDEXES.insight, restrictedId, userToken)).body.code).toBe(1001);

    const granted = await call<TAdminGrantsReply>('POST', `/api/admin/analyses/${restrictedId}/grants`, {
      phone: DEMO_USER_PHONE,
    });
    expect(granted.body.data).toMatchObject({ id: restrictedId, restricted: 1 });
    expect(granted.body.data.data).toEqual([
      expect.objectContaining({ user_id: userId, phone: DEMO_USER_PHONE }),
    ]);
    expect((await detailOf(CONTENT_INDEXES.insight, restrictedId, userToken)).body.code).toBe(0);
    const detail = (await call<TAdminUserDetail>('GET', `/api/admin/users/${userId}`)).body.data;
    expect(detail.grants.map((g) => g.analysis_id)).toEqual([restrictedId]);

    const revoked = await call<TAdminGrantsReply>(
      'DELETE',
      `/api/admin/analyses/${restrictedId}/grants/${userId}`,
    );
    expect(revoked.body.data.data).toEqual([]);
    expect((await detailOf(CONTENT_INDEXES.insight, restrictedId, userToken)).body.code).toBe(1001);

    expect((await auditOf('analysis.grant', restrictedId))[0]?.after).toBe(
      JSON.stringify({ user_id: userId }),
    );
    expect((await auditOf('analysis.revoke', restrictedId))[0]?.before).toBe(
      JSON.stringify({ user_id: userId }),
    );

    const nobody = await call('POST', `/api/admin/analyses/${restrictedId}/grants`, { phone: '13999999999' });
    expect(nobody.body.message).toBe(ADMIN_USER_MSG.userNotFound);
    const empty = await call('POST', `/api/admin/analyses/${restrictedId}/grants`, {});
    expect(empty.body.message).toBe(ADMIN_USER_MSG.grantTargetRequired);
    expect((await call('GET', '/api/admin/analyses/999999/grants')).body.message).toBe(
      ADMIN_USER_MSG.analysisNotFound,
    );
  });

  it('lifting the restricted flag opens the topic to everyone, setting it shuts it', async () => {
    await call('PUT', `/api/admin/analyses/${restrictedId}/restricted`, { value: 0 });
    expect((await detailOf(CONTENT_INDEXES.insight, restrictedId, userToken)).body.code).toBe(0);
    const shut = await call<TAdminGrantsReply>('PUT', `/api/admin/analyses/${restrictedId}/restricted`, {
      value: 1,
    });
    expect(shut.body.data.restricted).toBe(1);
    expect((await detailOf(CONTENT_INDEXES.insight, restrictedId, userToken)).body.code).toBe(1001);
    const entries = await auditOf('analysis.restricted', restrictedId);
    expect(entries.map((e) => e.after)).toEqual([
      JSON.stringify({ restricted: 1 }),
      JSON.stringify({ restricted: 0 }),
    ]);
  });
});
