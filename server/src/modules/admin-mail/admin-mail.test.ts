import {
  MAIL_MSG,
  ZAuditReply,
  ZMailDeliveriesReply,
  ZMailResendReply,
  ZMailRunsReply,
  ZMailRunTodayReply,
  ZMailSuppressedReply,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/login.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtpSink.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { addHeadline, addSubscriber } from '../digest/digest.fixtures.ts';

type Envelope<T = unknown> = { code: number; message: string; data: T };

const HOUR = 3600_000;

describe.each(testDatabases())('back-office mail (%s)', (kind) => {
  let t: TestApp;
  let sink: SmtpSink;
  let admin: string;
  let reader: { id: number };
  let leaver: { id: number };
  let blocked: { id: number };
  const now = () => t.clock.now().getTime();

  beforeAll(async () => {
    sink = await startSmtpSink();
    // The clock is 2026-11-22 10:00 in Shanghai; the demo admin is 13800000002.
    t = await buildTestApp(kind, { env: { SMTP_URL: sink.url, PUBLIC_URL: 'https://portal.test' } });
    admin = (await login(t, '13800000002')).token;
    reader = await addSubscriber(t.db, { email: 'reader@example.com', keywords: ['钠离子电池'], now: now() });
    leaver = await addSubscriber(t.db, { email: 'leaver@example.com', keywords: ['钠离子电池'], now: now() });
    blocked = await addSubscriber(t.db, {
      email: 'blocked@example.com',
      keywords: ['钠离子电池'],
      now: now(),
    });
    await addHeadline(t.db, { title: '钠离子电池量产线投产', published_at: now() - HOUR });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const call = async <T = unknown>(method: 'GET' | 'POST', url: string, token = admin) => {
    const res = await t.app.inject({ method, url, headers: { token } });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const deliveryOf = async (userId: number) => {
    const list = ZMailDeliveriesReply.parse((await call('GET', '/api/admin/mail/deliveries')).body.data);
    const d = list.data.find((row) => row.user_id === userId);
    expect(d).toBeDefined();
    return d as NonNullable<typeof d>;
  };
  const audit = async (action: string) =>
    ZAuditReply.parse((await call('GET', `/api/admin/audit?action=${action}`)).body.data).data;

  it('runs today’s digest once when clicked twice at the same moment, and shows the run', async () => {
    const [a, b] = await Promise.all([
      call('POST', '/api/admin/mail/run-today'),
      call('POST', '/api/admin/mail/run-today'),
    ]);
    const ok = [a, b].filter((r) => r.status === 200);
    const refused = [a, b].filter((r) => r.status !== 200);
    expect(ok).toHaveLength(1);
    expect(refused.map((r) => [r.status, r.body.message])).toEqual([[409, MAIL_MSG.runInProgress]]);
    const run = ZMailRunTodayReply.parse(ok[0]?.body.data);
    expect(run).toMatchObject({ day: '2026-11-22', planned: 3, sent: 3, failed: 0, skipped: 0 });
    expect(sink.messages.map((m) => m.envelope.to[0]).sort()).toEqual([
      'blocked@example.com',
      'leaver@example.com',
      'reader@example.com',
    ]);

    // Clicked again later: nothing new to plan, nothing sent twice; the lease was given back.
    const again = await call('POST', '/api/admin/mail/run-today');
    expect(again.status).toBe(200);
    expect(ZMailRunTodayReply.parse(again.body.data)).toMatchObject({ planned: 0, sent: 0 });
    expect(sink.messages).toHaveLength(3);

    const runs = ZMailRunsReply.parse((await call('GET', '/api/admin/mail/runs')).body.data);
    expect(runs.running).toBe(false);
    expect(runs.data[1]).toMatchObject({
      id: run.run_id,
      day: '2026-11-22',
      trigger: 'manual',
      status: 'planned',
      planned: 3,
      sent: 3,
      failed: 0,
      pending: 0,
    });
    const entries = await audit('mail.run_digest');
    const second = ZMailRunTodayReply.parse(again.body.data).run_id;
    expect(entries.map((e) => e.target_id).sort()).toEqual([run.run_id, second].sort());
    expect(entries.find((e) => e.target_id === run.run_id)?.after).toMatchObject({ planned: 3, sent: 3 });
  });

  it('lists deliveries with masked addresses and filters them by status', async () => {
    const d = await deliveryOf(reader.id);
    expect(d).toMatchObject({ email: 're***@example.com', status: 'sent', attempts: 1, error: null });
    expect(d.user).toMatch(/^订阅者/);
    const failed = ZMailDeliveriesReply.parse(
      (await call('GET', '/api/admin/mail/deliveries?status=failed')).body.data,
    );
    expect(failed).toEqual({ data: [], total: 0 });
    expect((await call('GET', '/api/admin/mail/deliveries?status=lost')).status).toBe(400);
  });

  it('resends one delivery to the same address with a Message-ID of its own, and records it', async () => {
    const d = await deliveryOf(reader.id);
    const first = sink.messagesTo('reader@example.com')[0];
    const res = await call('POST', `/api/admin/mail/deliveries/${d.id}/resend`);
    expect(res.status).toBe(200);
    expect(ZMailResendReply.parse(res.body.data)).toEqual({
      id: d.id,
      email: 're***@example.com',
      sent_at: now(),
    });
    const both = sink.messagesTo('reader@example.com');
    expect(both).toHaveLength(2);
    expect(both[1]?.subject).toBe(first?.subject);
    expect(both[1]?.text).toContain('钠离子电池量产线投产');
    expect(both[1]?.messageId).not.toBe(first?.messageId);
    // The delivery keeps what the run did.
    expect(await deliveryOf(reader.id)).toMatchObject({ status: 'sent', attempts: 1 });
    const [entry] = await audit('mail.resend');
    expect(entry).toMatchObject({ target_type: 'digest', target_id: d.id, before: { status: 'sent' } });
    expect(entry?.after).toMatchObject({ resent_at: now(), to: 're***@example.com' });
  });

  it('refuses to resend to an unsubscribed or disabled user and sends nothing', async () => {
    await t.db.kysely
      .updateTable('user_subscriptions')
      .set({ subscribed: 0, unsubscribed_at: now(), unsubscribe_from: 'email' })
      .where('user_id', '=', leaver.id)
      .execute();
    await t.db.kysely
      .updateTable('users')
      .set({ status: 0, disabled_at: now() + 1 })
      .where('id', '=', blocked.id)
      .execute();
    const before = sink.messages.length;
    for (const [user, message] of [
      [leaver, MAIL_MSG.unsubscribed],
      [blocked, MAIL_MSG.disabled],
    ] as const) {
      const d = await deliveryOf(user.id);
      const res = await call('POST', `/api/admin/mail/deliveries/${d.id}/resend`);
      expect([res.status, res.body.message]).toEqual([409, message]);
    }
    expect((await call('POST', '/api/admin/mail/deliveries/999999/resend')).body.message).toBe(
      MAIL_MSG.deliveryNotFound,
    );
    expect(sink.messages.length).toBe(before);
    expect((await audit('mail.resend')).length).toBe(1);

    // Both are listed as suppressed, with why; the unsubscribe is the user's own (from the e-mail link).
    const all = ZMailSuppressedReply.parse((await call('GET', '/api/admin/mail/suppressed')).body.data);
    expect(all.data.map((s) => [s.user_id, s.reason, s.source, s.email])).toEqual([
      [blocked.id, 'disabled', null, 'bl***@example.com'],
      [leaver.id, 'unsubscribed', 'email', 'le***@example.com'],
    ]);
    const onlyDisabled = ZMailSuppressedReply.parse(
      (await call('GET', '/api/admin/mail/suppressed?reason=disabled')).body.data,
    );
    expect(onlyDisabled.data.map((s) => s.user_id)).toEqual([blocked.id]);
  });

  it('is for admins only', async () => {
    const user = (await login(t, '13800000001')).token;
    expect((await call('POST', '/api/admin/mail/run-today', user)).status).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/mail/run-today' })).statusCode).toBe(401);
  });
});
