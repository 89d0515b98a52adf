import { MSG } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../db/database.ts';
import { resolveAppSecret } from '../../platform/app-secret.ts';
import { SmtpMailer } from '../../platform/mail/smtp-mailer.ts';
import { login } from '../../test/login.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtpSink.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { createDigestRepo } from './digest.repo.ts';
import { createDigestService, LEASE_MS, RETRY_DELAYS_MS, type DigestService } from './digest.service.ts';
import { addHeadline, addSubscriber } from './digest.fixtures.ts';

const PUBLIC_URL = 'https://portal.test';
const HOUR = 3600_000;

/** A second connection to the same database, as a second server process would have. */
function secondConnection(t: TestApp): Db {
  if (t.db.dialect === 'sqlite') {
    return createDatabase({ kind: 'sqlite', file: t.db.sqlite?.name as string });
  }
  return createDatabase(
    { kind: 'postgres', url: process.env.TEST_DATABASE_URL as string },
    { schema: t.db.schema as string, maxConnections: 2 },
  );
}

describe.each(testDatabases())('daily digest (%s)', (kind) => {
  let t: TestApp;
  let sink: SmtpSink;
  let mailer: SmtpMailer;
  let digest: DigestService;
  const now = () => t.clock.now().getTime();
  const serviceOn = (db: Db) =>
    createDigestService({
      db,
      mailer,
      clock: t.clock,
      publicUrl: PUBLIC_URL,
      timeZone: 'Asia/Shanghai',
      secret: resolveAppSecret(t.config),
    });

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp(kind, { seed: false, env: { SMTP_URL: sink.url, PUBLIC_URL } });
    mailer = new SmtpMailer(sink.url, '洞察门户 <no-reply@portal.test>');
    digest = serviceOn(t.db);
  });
  afterAll(async () => {
    await mailer.close();
    await t.close();
    await sink.close();
  });

  describe('one day', () => {
    let reader: { id: number; phone: string };
    let admin: { id: number; phone: string };
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      // The clock is 2026-11-22 10:00 in Shanghai.
      reader = await addSubscriber(t.db, {
        email: 'reader@example.com',
        keywords: ['新能源', '芯片', { keyword: '光伏', shown: 0 }],
        now: now(),
      });
      await addSubscriber(t.db, {
        email: 'gone@example.com',
        keywords: ['新能源'],
        subscribed: 0,
        now: now(),
      });
      await addSubscriber(t.db, { email: 'quiet@example.com', keywords: ['元宇宙'], now: now() });
      const disabled = await addSubscriber(t.db, {
        email: 'disabled@example.com',
        keywords: ['新能源'],
        now: now(),
      });
      await t.db.kysely
        .updateTable('users')
        .set({ status: 0, disabled_at: now() })
        .where('id', '=', disabled.id)
        .execute();
      await addSubscriber(t.db, { email: '', keywords: ['新能源'], now: now() });
      admin = await addSubscriber(t.db, {
        email: 'admin@example.com',
        keywords: [],
        roles: [1, 2],
        now: now(),
      });
      ids.battery = await addHeadline(t.db, {
        title: '宁德时代发布新一代电池',
        description: '宁德时代今天发布面向新能源汽车的新一代电池，续航提升20%。',
        source_name: '36氪',
        published_at: now() - 1 * HOUR,
      });
      ids.chip = await addHeadline(t.db, { title: '国产芯片产能持续提升', published_at: now() - 2 * HOUR });
      ids.solar = await addHeadline(t.db, { title: '光伏装机容量创新高', published_at: now() - 3 * HOUR });
      ids.old = await addHeadline(t.db, { title: '新能源汽车十月销量', published_at: now() - 48 * HOUR });
      ids.coffee = await addHeadline(t.db, { title: '咖啡品牌加速开店', published_at: now() - 1 * HOUR });
    });

    it('sends one e-mail with the headlines of the shown keywords, grouped, linked and highlighted', async () => {
      const plan = await digest.plan({ trigger: 'manual' });
      expect(plan.day).toBe('2026-11-22');
      expect(plan.planned).toBe(1);
      const sent = await digest.sendDue();
      expect(sent).toEqual({ sent: 1, retrying: 0, failed: 0, skipped: 0 });

      expect(sink.messages.map((m) => m.envelope.to)).toEqual([['reader@example.com']]);
      const mail = sink.messagesTo('reader@example.com')[0];
      expect(mail?.subject).toBe('【洞察门户】11月22日订阅速递：2条新头条');
      const text = mail?.text ?? '';
      expect(text).toContain('【新能源】\n· 宁德时代发布新一代电池\n  36氪 | 2026-11-22 09:00');
      expect(text).toContain('面向【新能源】汽车');
      expect(text).toContain(`${PUBLIC_URL}/headlines/headlines_details/${ids.battery}?id=${ids.battery}`);
      expect(text).toContain('【芯片】\n· 国产芯片产能持续提升');
      // Hidden keyword, a headline from before the first digest's day, an unsubscribed keyword match: absent.
      expect(text).not.toContain('光伏');
      expect(text).not.toContain('十月销量');
      expect(text).not.toContain('咖啡');
      expect(text).toContain(`${PUBLIC_URL}/keyword_setting`);
      const html = mail?.html ?? '';
      expect(html).toMatch(/面向<b style="[^"]+">新能源<\/b>汽车/);
      expect(html).toContain(`href="${PUBLIC_URL}/headlines/headlines_details/${ids.chip}?id=${ids.chip}"`);

      const listUnsubscribe = mail?.headers.get('list-unsubscribe')?.[0] ?? '';
      expect(listUnsubscribe).toMatch(
        /^<https:\/\/portal\.test\/api\/unsubscribe\?token=[0-9a-z]+\.[A-Za-z0-9_-]{22}>$/,
      );
      expect(mail?.headers.get('list-unsubscribe-post')).toEqual(['List-Unsubscribe=One-Click']);
      expect(listUnsubscribe).not.toContain(`token=${reader.id}>`);
      expect(text).toMatch(
        /https:\/\/portal\.test\/unsubscribe\?from_where=email&token=[0-9a-z]+\.[A-Za-z0-9_-]{22}/,
      );
    });

    it('sends nothing more on a second run the same day, even with new headlines', async () => {
      // Ingested a minute after the first run, though published before it: it belongs to the next digest.
      t.clock.advance(60);
      await addHeadline(t.db, { title: '新能源电站并网', published_at: now() - 120_000, created_at: now() });
      const again = await digest.plan({ trigger: 'manual' });
      expect(again.planned).toBe(0);
      expect(await digest.sendDue()).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 });
      expect(sink.messages).toHaveLength(1);
    });

    it('shows admins the run and its deliveries, and nobody else', async () => {
      const adminLogin = await login(t, admin.phone);
      const runs = await t.app.inject({
        method: 'GET',
        url: '/api/admin/digest/runs',
        headers: { token: adminLogin.token },
      });
      expect(runs.statusCode).toBe(200);
      const list = runs.json<{
        data: { data: { planned: number; status: string; counts: Record<string, number> }[]; total: number };
      }>().data;
      expect(list.total).toBe(2);
      expect(list.data.map((r) => [r.status, r.planned, r.counts])).toEqual([
        ['planned', 0, {}],
        ['planned', 1, { sent: 1 }],
      ]);
      const deliveries = await t.app.inject({
        method: 'GET',
        url: '/api/admin/digest/deliveries?status=sent',
        headers: { token: adminLogin.token },
      });
      const rows = deliveries.json<{
        data: { data: { email: string; headline_count: number; message_id: string }[] };
      }>().data.data;
      expect(rows.map((r) => [r.email, r.headline_count])).toEqual([['reader@example.com', 2]]);
      expect(rows[0]?.message_id).toMatch(/^<digest-\d+-2026-11-22@portal\.test>$/);

      const readerLogin = await login(t, reader.phone);
      const denied = await t.app.inject({
        method: 'GET',
        url: '/api/admin/digest/runs',
        headers: { token: readerLogin.token },
      });
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toMatchObject({ code: 1001, message: MSG.noPermission });
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/digest/runs' })).statusCode).toBe(401);
    });

    it('the next day brings only what was published since the last digest', async () => {
      t.clock.advance(24 * 3600);
      const fresh = await addHeadline(t.db, { title: '储能与新能源融合发展', published_at: now() - HOUR });
      const plan = await digest.plan({ trigger: 'manual' });
      expect(plan.day).toBe('2026-11-23');
      await digest.sendDue();
      const mail = sink.messagesTo('reader@example.com')[1];
      expect(mail?.subject).toBe('【洞察门户】11月23日订阅速递：2条新头条');
      expect(mail?.text).toContain('新能源电站并网');
      expect(mail?.text).toContain(`/headlines_details/${fresh}?id=${fresh}`);
      expect(mail?.text).not.toContain('宁德时代');
    });

    it('unsubscribes from the e-mail link without logging in', async () => {
      const mail = sink.messagesTo('reader@example.com')[0];
      const token = /unsubscribe\?from_where=email&token=([^\s]+)/.exec(mail?.text ?? '')?.[1] ?? '';
      const info = await t.app.inject({ method: 'GET', url: `/api/unsubscribe/info?token=${token}` });
      expect(info.json()).toMatchObject({ code: 0, data: { email: 'reader@example.com', subscribed: 1 } });

      const forged = await t.app.inject({
        method: 'GET',
        url: `/api/unsubscribe/info?token=${reader.id.toString(36)}.AAAAAAAAAAAAAAAAAAAAAA`,
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toMatchObject({ code: -1, message: MSG.unsubscribeLinkInvalid });
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/unsubscribe',
        payload: { from_where: 'email' },
      });
      expect(anonymous.json()).toMatchObject({ code: -1, message: MSG.unsubscribeNeedsLink });

      // Opening the header's URL as a link only leads to the confirmation page.
      const opened = await t.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${token}` });
      expect(opened.statusCode).toBe(302);
      expect(opened.headers.location).toBe(`/unsubscribe?from_where=email&token=${token}`);
      const still = await t.app.inject({ method: 'GET', url: `/api/unsubscribe/info?token=${token}` });
      expect(still.json()).toMatchObject({ data: { subscribed: 1 } });

      const done = await t.app.inject({
        method: 'POST',
        url: '/api/unsubscribe',
        payload: { token, from_where: 'email' },
      });
      expect(done.json()).toEqual({
        code: 0,
        message: MSG.unsubscribed,
        data: { email: 'reader@example.com', subscribed: 0 },
      });
      const row = await t.db.kysely
        .selectFrom('user_subscriptions')
        .selectAll()
        .where('user_id', '=', reader.id)
        .executeTakeFirstOrThrow();
      expect([row.subscribed, row.unsubscribe_from, Number(row.unsubscribed_at)]).toEqual([
        0,
        'email',
        now(),
      ]);

      // Unsubscribed: the next day's digest leaves them out.
      t.clock.advance(24 * 3600);
      await addHeadline(t.db, { title: '新能源补贴政策出台', published_at: now() - HOUR });
      expect((await digest.plan({ trigger: 'manual' })).planned).toBe(0);
    });
  });

  it('one-click unsubscribe (RFC 8058) and a logged-in user without a token', async () => {
    const one = await addSubscriber(t.db, {
      email: 'oneclick@example.com',
      keywords: ['新能源'],
      now: now(),
    });
    const two = await addSubscriber(t.db, { email: 'session@example.com', keywords: ['新能源'], now: now() });
    const { unsubscribeToken } = await import('../unsubscribe/unsubscribe-token.ts');
    const click = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${unsubscribeToken(resolveAppSecret(t.config), one.id)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.json()).toMatchObject({ code: 0, data: { email: 'oneclick@example.com', subscribed: 0 } });
    const stored = await t.db.kysely
      .selectFrom('user_subscriptions')
      .select('unsubscribe_from')
      .where('user_id', '=', one.id)
      .executeTakeFirstOrThrow();
    expect(stored.unsubscribe_from).toBe('email');

    const session = await login(t, two.phone);
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/unsubscribe/info',
      headers: { token: session.token },
    });
    expect(info.json()).toMatchObject({ data: { email: 'session@example.com', subscribed: 1 } });
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      headers: { token: session.token },
      payload: {},
    });
    expect(done.json()).toMatchObject({ data: { subscribed: 0 } });
    const row = await t.db.kysely
      .selectFrom('user_subscriptions')
      .select('unsubscribe_from')
      .where('user_id', '=', two.id)
      .executeTakeFirstOrThrow();
    expect(row.unsubscribe_from).toBe('others');
  });

  describe('sending', () => {
    it('two workers on two connections send each digest exactly once', async () => {
      t.clock.advance(24 * 3600);
      const users = [];
      for (let i = 0; i < 24; i++) {
        users.push(
          await addSubscriber(t.db, { email: `w${i}@example.com`, keywords: ['跨境电商'], now: now() }),
        );
      }
      await addHeadline(t.db, { title: '跨境电商出口增长', published_at: now() - HOUR });
      expect((await digest.plan({ trigger: 'manual' })).planned).toBe(24);
      const before = sink.messages.length;
      const other = secondConnection(t);
      try {
        const [a, b] = await Promise.all([
          digest.sendDue({ worker: 'worker-a', batchSize: 3, concurrency: 2 }),
          serviceOn(other).sendDue({ worker: 'worker-b', batchSize: 3, concurrency: 2 }),
        ]);
        expect(a.sent + b.sent).toBe(24);
        // Both really worked: each claimed its first batch before any send finished.
        expect(Math.min(a.sent, b.sent)).toBeGreaterThanOrEqual(3);
      } finally {
        await other.close();
      }
      const received = sink.messages.slice(before).map((m) => m.envelope.to[0]);
      expect(received).toHaveLength(24);
      expect(new Set(received).size).toBe(24);
      const statuses = await t.db.kysely
        .selectFrom('digests')
        .select(['status', 'attempts'])
        .where(
          'user_id',
          'in',
          users.map((u) => u.id),
        )
        .execute();
      expect(statuses.every((s) => s.status === 'sent' && s.attempts === 1)).toBe(true);
    });

    it('two processes planning the same day at once plan each subscriber once', async () => {
      t.clock.advance(24 * 3600);
      const users = [];
      for (let i = 0; i < 12; i++) {
        users.push(
          await addSubscriber(t.db, { email: `p${i}@example.com`, keywords: ['预制菜'], now: now() }),
        );
      }
      await addHeadline(t.db, { title: '预制菜进校园引热议', published_at: now() - HOUR });
      const other = secondConnection(t);
      try {
        const [a, b] = await Promise.all([
          digest.plan({ trigger: 'manual' }),
          serviceOn(other).plan({ trigger: 'manual' }),
        ]);
        expect(a.planned + b.planned).toBe(12);
      } finally {
        await other.close();
      }
      const rows = await t.db.kysely
        .selectFrom('digests')
        .select('user_id')
        .where(
          'user_id',
          'in',
          users.map((u) => u.id),
        )
        .execute();
      expect(rows).toHaveLength(12);
      expect((await digest.sendDue()).sent).toBe(12);
    });

    it('a digest claimed by a worker that died is sent once its lease lapses', async () => {
      t.clock.advance(24 * 3600);
      const user = await addSubscriber(t.db, {
        email: 'crash@example.com',
        keywords: ['直播电商'],
        now: now(),
      });
      await addHeadline(t.db, { title: '直播电商新规发布', published_at: now() - HOUR });
      expect((await digest.plan({ trigger: 'manual' })).planned).toBe(1);
      const claimed = await createDigestRepo(t.db).claim('dead-worker', 10, now(), now() + LEASE_MS);
      expect(claimed.map((c) => c.user_id)).toEqual([user.id]);

      expect((await digest.sendDue()).sent).toBe(0);
      t.clock.advance(LEASE_MS / 1000 + 1);
      expect((await digest.sendDue()).sent).toBe(1);
      expect((await digest.sendDue()).sent).toBe(0);
      expect(sink.messagesTo('crash@example.com')).toHaveLength(1);
    });

    it('retries after an SMTP failure with back-off, then succeeds', async () => {
      t.clock.advance(24 * 3600);
      const user = await addSubscriber(t.db, { email: 'retry@example.com', keywords: ['咖啡'], now: now() });
      await addHeadline(t.db, { title: '咖啡连锁品牌新开门店', published_at: now() - HOUR });
      await digest.plan({ trigger: 'manual' });
      sink.failNext(1, 451);
      expect(await digest.sendDue()).toEqual({ sent: 0, retrying: 1, failed: 0, skipped: 0 });
      const waiting = await t.db.kysely
        .selectFrom('digests')
        .selectAll()
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect([waiting.status, waiting.attempts, Number(waiting.next_attempt_at)]).toEqual([
        'planned',
        1,
        now() + RETRY_DELAYS_MS[0],
      ]);
      expect(waiting.error).toMatch(/451/);

      expect((await digest.sendDue()).sent).toBe(0);
      t.clock.advance(RETRY_DELAYS_MS[0] / 1000);
      expect((await digest.sendDue()).sent).toBe(1);
      expect(sink.messagesTo('retry@example.com')).toHaveLength(1);
      const done = await t.db.kysely
        .selectFrom('digests')
        .selectAll()
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect([done.status, done.attempts, done.error]).toEqual(['sent', 2, null]);
    });

    it('does not retry a permanent refusal, and skips a user who unsubscribed after planning', async () => {
      t.clock.advance(24 * 3600);
      const refused = await addSubscriber(t.db, {
        email: 'refused@example.com',
        keywords: ['低空经济'],
        now: now(),
      });
      const leaving = await addSubscriber(t.db, {
        email: 'leaving@example.com',
        keywords: ['低空经济'],
        now: now(),
      });
      await addHeadline(t.db, { title: '低空经济示范区获批', published_at: now() - HOUR });
      await digest.plan({ trigger: 'manual' });
      await t.db.kysely
        .updateTable('user_subscriptions')
        .set({ subscribed: 0 })
        .where('user_id', '=', leaving.id)
        .execute();
      sink.failNext(1, 550);
      expect(await digest.sendDue()).toEqual({ sent: 0, retrying: 0, failed: 1, skipped: 1 });
      const rows = await t.db.kysely
        .selectFrom('digests')
        .select(['user_id', 'status'])
        .where('user_id', 'in', [refused.id, leaving.id])
        .orderBy('user_id')
        .execute();
      expect(rows.map((r) => r.status)).toEqual(['failed', 'skipped']);
      t.clock.advance(3600 * 2);
      expect((await digest.sendDue()).sent).toBe(0);
    });
  });
});
