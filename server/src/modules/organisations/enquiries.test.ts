import { MSG, type TContactCreateReply, type TContactPrefill, type TOrganDetail } from '@portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USER_PHONE } from '../../seed/demo-users.ts';
import { login } from '../../test/login.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtpSink.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { createOrganisationsRepo } from './organisations.repo.ts';

type Envelope<T> = { code: number; message: string; data: T };

const REQUIRED = '输入信息不能为空';
const TOO_LONG = '输入信息不能超过50个字符';
const SPECIAL = '输入信息不能包含特殊字符';
const BAD_EMAIL = '输入邮箱格式不对';
const BAD_PHONE = '输入手机号格式不对';
const CONTENT_TOO_LONG = '输入信息不能超过200个字符';
const CONSENT = '请勾选授权信息';
const THANKS = '感谢你的参与，稍后会有专业人员与你联系';

describe.each(testDatabases())('enquiries API on %s', (kind) => {
  let t: TestApp;
  let sink: SmtpSink;
  let token: string;
  let otherToken: string;
  let certified: number;
  let quiet: number;
  let uncertified: number;
  let product: number;
  let quietProduct: number;
  let foreignProduct: number;
  let submission = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp(kind, {
      env: {
        SMTP_URL: sink.url,
        MAIL_FROM: '洞察门户 <no-reply@portal.test>',
        // This file sends many enquiries as one user; the hourly limits have enquiry-limits.test.ts.
        ENQUIRY_PER_USER_PER_HOUR: '1000',
        ENQUIRY_PER_IP_PER_HOUR: '1000',
      },
    });
    token = (await login(t, DEMO_USER_PHONE)).token;
    otherToken = (await login(t, '13900000019')).token;
    const ids = await t.content.addOrganisations([
      { name: '宁德时代', is_certification: 1 },
      { name: '静默科技', is_certification: 1 },
      { name: '未认证研究院', is_certification: 0 },
    ]);
    certified = ids.get('宁德时代')!;
    quiet = ids.get('静默科技')!;
    uncertified = ids.get('未认证研究院')!;
    const repo = createOrganisationsRepo(t.db);
    await repo.update(certified, { contact_email: 'bd@catl.example.com' });
    const now = t.clock.now().getTime();
    const make = (organisation_id: number, title: string) =>
      repo.insertProduct({ organisation_id, title, published_at: now, created_at: now }, []);
    product = await make(certified, '麒麟电池');
    quietProduct = await make(quiet, '静默一号');
    foreignProduct = await make(uncertified, '研究服务');
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  /** A valid type 2 (contact) form; every test changes one thing. */
  const contact = (extra: Record<string, unknown> = {}) => ({
    company_id: certified,
    type: 2,
    platform: 'PC',
    company: '星河科技有限公司',
    department: '市场部',
    job: '市场经理',
    name: '张三',
    email: 'zhang.san@example.com',
    phone: '13812345678',
    content: '',
    submission_id: `sub-${kind}-${++submission}-abcdef`,
    ...extra,
  });
  /** A valid type 1 (more information) form about `product`. */
  const moreInfo = (extra: Record<string, unknown> = {}) =>
    contact({
      type: 1,
      product_id: product,
      company_id: certified,
      phone: '',
      consent: true,
      content: '想了解麒麟电池的量产计划。',
      ...extra,
    });

  const send = async (payload: Record<string, unknown>, as: string = token) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/company/contact/create',
      headers: { token: as },
      payload,
    });
    return { status: res.statusCode, body: res.json<Envelope<TContactCreateReply | null>>() };
  };
  const stored = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('enquiries')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Sends a form that must be refused with `message`, and checks nothing was stored. */
  const refused = async (payload: Record<string, unknown>, message: string) => {
    const before = await stored();
    const { status, body } = await send(payload);
    expect(body.message, JSON.stringify(payload)).toBe(message);
    expect(status).toBe(400);
    expect(body.code).toBe(-1);
    expect(await stored()).toBe(before);
  };
  const accepted = async (payload: Record<string, unknown>) => {
    const { status, body } = await send(payload);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ code: 0, message: THANKS });
    return body.data as TContactCreateReply;
  };

  describe('text fields at 49/50/51 counted characters (Chinese counts 2)', () => {
    const cases: [string, string, string | null][] = [
      ['49 mixed', '中'.repeat(24) + 'a', null],
      ['50 Chinese', '中'.repeat(25), null],
      ['50 mixed, Latin first', 'ab' + '中'.repeat(24), null],
      ['50 digits and Chinese', '中'.repeat(20) + '1234567890', null],
      ['51 mixed', '中'.repeat(25) + 'a', TOO_LONG],
      ['51 Latin', 'a'.repeat(51), TOO_LONG],
      ['52 Chinese', '中'.repeat(26), TOO_LONG],
    ];
    for (const field of ['company', 'department', 'job', 'name']) {
      it.each(cases)(`${field}: %s`, async (_label, value, message) => {
        if (message === null) {
          await accepted(contact({ [field]: value }));
        } else {
          await refused(contact({ [field]: value }), message);
        }
      });
    }
  });

  it.each(['company', 'department', 'job', 'name'])(
    '%s is required and takes letters, digits and Chinese only',
    async (field) => {
      await refused(contact({ [field]: '' }), REQUIRED);
      await refused(contact({ [field]: '   ' }), REQUIRED);
      const without: Record<string, unknown> = contact();
      delete without[field];
      await refused(without, REQUIRED);
      for (const special of [
        '张 三',
        'a,b',
        '市场部！',
        'R&D',
        'a@b',
        'a-b',
        'a_b',
        '张三😀',
        '<b>x</b>',
        '阿卜杜勒·阿齐兹',
        '①',
      ]) {
        await refused(contact({ [field]: special }), SPECIAL);
      }
      // Special characters are reported before length.
      await refused(contact({ [field]: 'a,'.repeat(30) }), SPECIAL);
      await accepted(contact({ [field]: ' Sales2部 ' }));
    },
  );

  it('checks the e-mail format', async () => {
    for (const bad of [
      'zhang',
      'zhang@',
      '@example.com',
      'zhang@example',
      'zhang@@example.com',
      'zhang..san@example.com',
      'zhang san@example.com',
    ]) {
      await refused(contact({ email: bad }), BAD_EMAIL);
    }
    await refused(contact({ email: '' }), REQUIRED);
    await accepted(contact({ email: 'li_si+cn@mail.example.com.cn' }));
  });

  it('requires a mainland mobile for type 2 and checks one given on type 1', async () => {
    for (const bad of [
      '12812345678',
      '10812345678',
      '1381234567',
      '138123456789',
      '+8613812345678',
      '138-1234-5678',
      '1381234567a',
      '２３８１２３４５６７８',
    ]) {
      await refused(contact({ phone: bad }), BAD_PHONE);
      await refused(moreInfo({ phone: bad }), BAD_PHONE);
    }
    await refused(contact({ phone: '' }), REQUIRED);
    for (const good of ['13012345678', '19912345678', ' 15812345678 ']) {
      await accepted(contact({ phone: good }));
    }
    await accepted(moreInfo({ phone: '' }));
    await accepted(moreInfo({ phone: '17712345678' }));
  });

  it('limits more-info content to 400 counted characters with the spec message (200)', async () => {
    await accepted(moreInfo({ content: '中'.repeat(200) }));
    await accepted(moreInfo({ content: '中'.repeat(199) + 'ab' }));
    await accepted(moreInfo({ content: 'a'.repeat(400) }));
    await refused(moreInfo({ content: '中'.repeat(200) + 'a' }), CONTENT_TOO_LONG);
    await refused(moreInfo({ content: 'a'.repeat(401) }), CONTENT_TOO_LONG);
    await refused(contact({ content: '中'.repeat(201) }), CONTENT_TOO_LONG);
  });

  it('requires the consent tick on type 1 only', async () => {
    await refused(moreInfo({ consent: false }), CONSENT);
    const without: Record<string, unknown> = moreInfo();
    delete without.consent;
    await refused(without, CONSENT);
    await accepted(contact({ consent: false }));
  });

  it('applies the type rules: a product for type 1, a certified organisation that owns the product', async () => {
    await refused(moreInfo({ product_id: undefined }), MSG.enquiryProductRequired);
    await refused(contact({ company_id: uncertified, product_id: foreignProduct }), MSG.organNotCertified);
    await refused(contact({ type: 3 }), MSG.badRequest);
    await refused(contact({ company_id: 'x' }), MSG.badRequest);
    await refused(contact({ submission_id: 'no spaces allowed' }), MSG.badRequest);
    const before = await stored();
    const foreign = await send(contact({ product_id: quietProduct }));
    expect(foreign.status).toBe(404);
    const unknown = await send(contact({ company_id: 999999 }));
    expect(unknown.status).toBe(404);
    expect(await stored()).toBe(before);
  });

  describe('exactly once per submission', () => {
    beforeEach(() => {
      sink.messages.length = 0;
    });

    it('stores a double-clicked submission once, and mails the organisation once', async () => {
      const before = await stored();
      const form = contact({ submission_id: `double-${kind}-7f3c2a1b` });
      const [a, b] = await Promise.all([send(form), send(form)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.data?.id).toBe(b.body.data?.id);
      expect([a.body.data?.duplicate, b.body.data?.duplicate].sort()).toEqual([false, true]);
      const retry = await send(form);
      expect(retry.body.data).toMatchObject({ id: a.body.data?.id, duplicate: true });
      expect(await stored()).toBe(before + 1);

      const row = await t.db.kysely
        .selectFrom('enquiries')
        .selectAll()
        .where('id', '=', Number(a.body.data?.id))
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        type: 2,
        company: '星河科技有限公司',
        name: '张三',
        phone: '13812345678',
        platform: 'PC',
        organisation_id: certified,
      });
      expect(row.mailed_at).not.toBeNull();
      const mail = sink.messagesTo('bd@catl.example.com');
      expect(mail).toHaveLength(1);
      expect(mail[0]?.subject).toBe('【洞察门户】新的询盘：宁德时代');
      expect(mail[0]?.text).toContain('姓名：张三');
      expect(mail[0]?.text).toContain('手机：13812345678');
    });

    it('stores two submissions with different ids, even with the same fields', async () => {
      const before = await stored();
      await accepted(contact({ submission_id: `first-${kind}-0001` }));
      await accepted(contact({ submission_id: `second-${kind}-0002` }));
      expect(await stored()).toBe(before + 2);
    });

    it('de-duplicates a client that sends no submission id by its form', async () => {
      const before = await stored();
      const { submission_id: _id, ...form } = contact({ name: '无编号客户' });
      const [a, b] = await Promise.all([send(form), send(form)]);
      expect(a.body.data?.id).toBe(b.body.data?.id);
      expect(await stored()).toBe(before + 1);
      await accepted({ ...form, name: '另一位客户' });
      expect(await stored()).toBe(before + 2);
    });

    it('stores without mailing when the organisation has no contact address', async () => {
      const reply = await accepted(moreInfo({ company_id: quiet, product_id: quietProduct }));
      const row = await t.db.kysely
        .selectFrom('enquiries')
        .selectAll()
        .where('id', '=', Number(reply.id))
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ type: 1, product_id: quietProduct, consent: 1, mailed_at: null });
      expect(sink.messages).toHaveLength(0);
    });

    it('keeps the enquiry when the mail server refuses it', async () => {
      sink.failNext(1, 550);
      const reply = await accepted(contact({ name: '退信测试' }));
      const row = await t.db.kysely
        .selectFrom('enquiries')
        .selectAll()
        .where('id', '=', Number(reply.id))
        .executeTakeFirstOrThrow();
      expect(row.mailed_at).toBeNull();
    });
  });

  it('a type 1 form with consent authorizes the user for that organisation only', async () => {
    const detail = async (id: number, as: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/company/detail?id=${id}`, headers: { token: as } })
      ).json<Envelope<TOrganDetail>>().data;
    expect((await detail(certified, otherToken)).is_authorize).toBe(0);
    const { status } = await send(moreInfo(), otherToken);
    expect(status).toBe(200);
    expect((await detail(certified, otherToken)).is_authorize).toBe(1);
    expect((await detail(quiet, otherToken)).is_authorize).toBe(0);
  });

  it("prefills the form with the user's last enquiry, never another user's", async () => {
    await accepted(contact({ name: '李四', job: '采购总监', submission_id: `prefill-${kind}-123456` }));
    const prefill = async (as: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/company/contact/detail?type=2&id=${quiet}`,
          headers: { token: as },
        })
      ).json<Envelope<TContactPrefill>>().data;
    expect(await prefill(token)).toMatchObject({
      company_name: '静默科技',
      name: '李四',
      job: '采购总监',
      email: 'zhang.san@example.com',
    });
    const fresh = (await login(t, '13900000029')).token;
    // A new user starts from the account: nickname and phone.
    expect(await prefill(fresh)).toMatchObject({
      name: '用户0029',
      job: '',
      company: '',
      phone: '13900000029',
    });
  });
});
