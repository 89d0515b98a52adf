import { MSG } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, login } from '../../test/login.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtpSink.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { createOrganisationsRepo } from './organisations.repo.ts';

/** The defaults (README "Configuration"): 5 per user and 20 per IP in any hour. */
const PER_USER = 5;
const PER_IP = 20;

describe.each(testDatabases())('enquiry limits on %s', (kind) => {
  let t: TestApp;
  let sink: SmtpSink;
  let organ: number;
  let phoneNo = 0;
  let submission = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp(kind, {
      env: { SMTP_URL: sink.url, MAIL_FROM: '洞察门户 <no-reply@portal.test>' },
    });
    organ = (await t.content.addOrganisations([{ name: '限流机构', is_certification: 1 }])).get('限流机构')!;
    await createOrganisationsRepo(t.db).update(organ, { contact_email: 'bd@limits.example.com' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const newUser = async () => (await login(t, `1350000${String(++phoneNo).padStart(4, '0')}`)).token;
  const form = (submissionId = `limit-${kind}-${++submission}-abcdef`) => ({
    company_id: organ,
    type: 2,
    company: '星河科技',
    department: '市场部',
    job: '经理',
    name: '张三',
    email: 'zhang@example.com',
    phone: '13812345678',
    submission_id: submissionId,
  });
  const send = async (token: string, ip: string, payload: Record<string, unknown> = form()) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/company/contact/create',
      headers: { token },
      payload,
      remoteAddress: ip,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const stored = async () =>
    (await t.db.kysely.selectFrom('enquiries').select('id').where('organisation_id', '=', organ).execute())
      .length;
  const mailed = () => sink.messagesTo('bd@limits.example.com').length;

  it(`takes ${PER_USER} enquiries from a user in an hour, then answers 429 and neither stores nor mails`, async () => {
    const token = await newUser();
    const [rowsBefore, mailsBefore] = [await stored(), mailed()];
    const first = form();
    for (const payload of [first, form(), form(), form(), form()]) {
      const res = await send(token, freshIp(), payload);
      expect(res.status).toBe(200);
      expect(res.body.data.duplicate).toBe(false);
    }
    expect(await send(token, freshIp())).toEqual({
      status: 429,
      body: { code: -1, message: MSG.enquiryTooOften, data: null },
    });
    expect(await stored()).toBe(rowsBefore + PER_USER);
    expect(mailed()).toBe(mailsBefore + PER_USER);

    // A retry of a submission already stored is not a new enquiry: still answered, never refused.
    const retry = await send(token, freshIp(), first);
    expect(retry.status).toBe(200);
    expect(retry.body.data.duplicate).toBe(true);

    // The hour over (its events count for at most 70 minutes), the user may write again.
    t.clock.advance(70 * 60);
    expect((await send(token, freshIp())).status).toBe(200);
  });

  it(`takes ${PER_IP} enquiries from one IP in an hour, whoever sends them`, async () => {
    const ip = freshIp();
    for (let sent = 0; sent < PER_IP;) {
      const token = await newUser();
      for (let i = 0; i < PER_USER && sent < PER_IP; i++, sent++) {
        expect((await send(token, ip)).status).toBe(200);
      }
    }
    const token = await newUser();
    expect((await send(token, ip)).status).toBe(429);
    expect((await send(token, freshIp())).status).toBe(200);
  });

  it('does not count a refused form', async () => {
    const token = await newUser();
    const ip = freshIp();
    for (let i = 0; i < PER_USER + 2; i++) {
      expect((await send(token, ip, { ...form(), name: '' })).status).toBe(400);
    }
    expect((await send(token, ip)).status).toBe(200);
  });
});
