import type { TAuditReply } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { createAuditLog } from './audit.service.ts';

describe.each(testDatabases())('audit log on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  let adminId: number;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    adminToken = (await login(t, '13800000002')).token;
    const admin = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('phone', '=', '13800000002')
      .executeTakeFirstOrThrow();
    adminId = admin.id;
    const audit = createAuditLog(t.db, t.clock);
    await audit.record({
      actorId: adminId,
      action: 'content.publish',
      targetType: 'report',
      targetId: 7,
      before: { status: 'draft' },
      after: { status: 'published' },
    });
    t.clock.advance(60);
    await audit.record({
      actorId: adminId,
      action: 'headline.create',
      targetType: 'headline',
      targetId: 3,
      after: { title: '新' },
    });
    t.clock.advance(60);
    await audit.record({
      actorId: adminId,
      action: 'content.unpublish',
      targetType: 'report',
      targetId: 7,
      before: { status: 'published' },
      after: { status: 'unpublished' },
    });
  }, 60_000);
  afterAll(() => t.close());

  const get = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?${query}`,
      headers: { token: adminToken },
    });
    return { status: res.statusCode, body: res.json<{ code: number; message: string; data: TAuditReply }>() };
  };

  it('lists every write newest first with who, what, when and before → after', async () => {
    const { status, body } = await get('page=1&page_size=2');
    expect(status).toBe(200);
    expect(body.data.total).toBe(3);
    expect(body.data.data.map((e) => e.action)).toEqual(['content.unpublish', 'headline.create']);
    expect(body.data.data[0]).toMatchObject({
      actor: '管理员',
      actor_id: adminId,
      target_type: 'report',
      target_id: 7,
      before: { status: 'published' },
      after: { status: 'unpublished' },
    });
    expect(body.data.data[1]).toMatchObject({ before: null, after: { title: '新' } });
    expect(body.data.data[0]!.at - body.data.data[1]!.at).toBe(60_000);
    const second = await get('page=2&page_size=2');
    expect(second.body.data.data.map((e) => e.action)).toEqual(['content.publish']);
  });

  it('filters by target type and action', async () => {
    expect((await get('target_type=report')).body.data.total).toBe(2);
    expect((await get('action=headline.create')).body.data.data.map((e) => e.target_id)).toEqual([3]);
    expect((await get(`actor_id=${adminId + 1000}`)).body.data).toEqual({ data: [], total: 0 });
  });

  it('refuses a bad page size with a 400 and offers no call that edits an entry', async () => {
    expect((await get('page_size=500')).status).toBe(400);
    const edits = await Promise.all(
      ['PUT', 'PATCH', 'DELETE'].map((method) =>
        t.app.inject({ method: method as 'PUT', url: '/api/admin/audit', headers: { token: adminToken } }),
      ),
    );
    expect(edits.map((r) => r.statusCode)).toEqual([404, 404, 404]);
    expect((await get('page=1')).body.data.total).toBe(3);
  });
});
