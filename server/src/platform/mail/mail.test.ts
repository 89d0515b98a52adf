import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtpSink.ts';
import type { MailMessage } from './mailer.ts';
import { mailerFromConfig } from './mailer-from-config.ts';
import { OutboxMailer, outboxDir } from './outbox-mailer.ts';
import { listOutbox, newestMailTo, waitForMailTo } from './read-outbox.ts';
import { isPermanentSmtpError, SmtpMailer } from './smtp-mailer.ts';

const FROM = '洞察门户 <no-reply@portal.test>';

const message = (to: string, n = 1): MailMessage => ({
  to,
  subject: `今日订阅：新能源 ${n}`,
  text: `您好，今天有 ${n} 条新能源头条。\n宁德时代发布新电池`,
  html: `<p>您好，今天有 <b>${n}</b> 条新能源头条。</p>`,
  headers: { 'List-Unsubscribe': '<https://portal.test/api/unsubscribe?token=abc>' },
});

describe('OutboxMailer', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-outbox-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes each message as an RFC 5322 .eml file, named by time, that decodes back to what was sent', async () => {
    const mailer = new OutboxMailer(outboxDir(dataDir), FROM);
    const first = await mailer.send(message('a@example.com', 1));
    await mailer.send(message('b@example.com', 2));
    await mailer.send(message('a@example.com', 3));
    await mailer.close();

    const files = await listOutbox(dataDir);
    expect(files).toHaveLength(3);
    expect(files[0]).toMatch(/^\d{8}T\d{9}Z-\d{6}-[0-9a-f]{6}\.eml$/);
    expect([...files].sort()).toEqual(files);

    const raw = readFileSync(join(outboxDir(dataDir), files[0] as string), 'utf8');
    expect(raw).toMatch(/^From: =\?UTF-8\?/m);
    expect(raw).toMatch(/^To: a@example\.com\r$/m);
    expect(raw).toMatch(/^MIME-Version: 1\.0\r$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toContain(`Message-ID: ${first.messageId}`);

    const newest = await newestMailTo(dataDir, 'A@example.com');
    expect(newest?.subject).toBe('今日订阅：新能源 3');
    expect(newest?.text).toBe('您好，今天有 3 条新能源头条。\n宁德时代发布新电池');
    expect(newest?.html).toContain('<b>3</b>');
    expect(newest?.headers.get('list-unsubscribe')).toEqual([
      '<https://portal.test/api/unsubscribe?token=abc>',
    ]);
    expect(await newestMailTo(dataDir, 'nobody@example.com')).toBeNull();
    expect((await newestMailTo(dataDir, 'b@example.com'))?.subject).toBe('今日订阅：新能源 2');
    // Only messages after a known one: the third message is newer than the first.
    expect(await newestMailTo(dataDir, 'a@example.com', files[2])).toBeNull();
    expect((await waitForMailTo(dataDir, 'a@example.com', { newerThan: files[0] })).subject).toBe(
      '今日订阅：新能源 3',
    );
  });

  it('keeps a fixed Message-ID when one is given', async () => {
    const mailer = new OutboxMailer(outboxDir(dataDir), FROM);
    const sent = await mailer.send({
      ...message('c@example.com'),
      messageId: '<digest-7-2026-11-22@portal.test>',
    });
    expect(sent.messageId).toBe('<digest-7-2026-11-22@portal.test>');
    expect((await newestMailTo(dataDir, 'c@example.com'))?.messageId).toBe(
      '<digest-7-2026-11-22@portal.test>',
    );
  });
});

describe('SmtpMailer', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it('delivers through a pooled connection to a real SMTP peer', async () => {
    const mailer = new SmtpMailer(sink.url, FROM);
    const sent = await Promise.all([1, 2, 3].map((n) => mailer.send(message(`user${n}@example.com`, n))));
    await mailer.close();
    expect(sink.messages).toHaveLength(3);
    const second = sink.messagesTo('user2@example.com')[0];
    expect(second?.envelope.from).toBe('no-reply@portal.test');
    expect(second?.subject).toBe('今日订阅：新能源 2');
    expect(second?.from).toBe('洞察门户 <no-reply@portal.test>');
    expect(second?.text).toContain('宁德时代发布新电池');
    expect(second?.headers.get('list-unsubscribe')).toEqual([
      '<https://portal.test/api/unsubscribe?token=abc>',
    ]);
    expect(sink.messages.map((m) => m.messageId).sort()).toEqual(sent.map((s) => s.messageId).sort());
  });

  it('rejects when the peer refuses, telling temporary from permanent refusals', async () => {
    const mailer = new SmtpMailer(sink.url, FROM);
    sink.failNext(1, 451);
    const temporary = await mailer.send(message('x@example.com')).catch((err: unknown) => err);
    expect(temporary).toBeInstanceOf(Error);
    expect(isPermanentSmtpError(temporary)).toBe(false);
    sink.failNext(1, 550);
    const permanent = await mailer.send(message('x@example.com')).catch((err: unknown) => err);
    expect(isPermanentSmtpError(permanent)).toBe(true);
    await mailer.send(message('x@example.com'));
    await mailer.close();
    expect(sink.messagesTo('x@example.com')).toHaveLength(1);
  });

  it('rejects when nothing listens (connection refused is temporary)', async () => {
    const mailer = new SmtpMailer('smtp://127.0.0.1:1', FROM, { timeoutMs: 2000 });
    const err = await mailer.send(message('y@example.com')).catch((e: unknown) => e);
    await mailer.close();
    expect(err).toBeInstanceOf(Error);
    expect(isPermanentSmtpError(err)).toBe(false);
  });
});

describe('mailerFromConfig', () => {
  it('uses SMTP when SMTP_URL is set and the outbox otherwise', async () => {
    const smtp = mailerFromConfig(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: FROM }));
    const outbox = mailerFromConfig(loadConfig({ DATA_DIR: '/tmp/portal-x' }));
    expect(smtp).toBeInstanceOf(SmtpMailer);
    expect(outbox).toBeInstanceOf(OutboxMailer);
    expect((outbox as OutboxMailer).dir).toBe('/tmp/portal-x/outbox');
    await smtp.close();
    await outbox.close();
  });

  it('refuses a non-SMTP URL and a bad digest time', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ DIGEST_TIME: '8:00' })).toThrow(/DIGEST_TIME/);
    expect(() => loadConfig({ DIGEST_TIMEZONE: 'Mars/Olympus' })).toThrow(/DIGEST_TIMEZONE/);
    expect(loadConfig({}).digest).toEqual({ time: '08:00', timeZone: 'Asia/Shanghai' });
  });
});
