import {
  MSG,
  type TAuditReply,
  type TInboxDetail,
  type TInboxListReply,
  type TInboxReply,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PHONE, DEMO_USER_PHONE } from '../../seed/demo-users.ts';
import { login } from '../../test/login.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtpSink.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { createOrganisationsRepo } from '../organisations/organisations.repo.ts';

type Reply<T = unknown> = { code: number; message: string; data: T };

describe.each(testDatabases())('inboxes on %s', (kind) => {
  let t: TestApp;
  let sink: SmtpSink;
  let user: string;
  let admin: string;
  let adminId: number;
  let userId: number;
  let certified: number;
  let uncertified: number;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp(kind, {
      env: { SMTP_URL: sink.url, MAIL_FROM: '洞察门户 <no-reply@portal.test>' },
    });
    user = (await login(t, DEMO_USER_PHONE)).token;
    admin = (await login(t, DEMO_ADMIN_PHONE)).token;
    const ids = await t.db.kysely.selectFrom('users').select(['id', 'phone']).execute();
    adminId = ids.find((u) => u.phone === DEMO_ADMIN_PHONE)!.id;
    userId = ids.find((u) => u.phone === DEMO_USER_PHONE)!.id;
    const organs = await t.content.addOrganisations([
      { name: '宁德时代', is_certification: 1 },
      { name: '待认领研究院', is_certification: 0 },
    ]);
    certified = organs.get('宁德时代')!;
    uncertified = organs.get('待认领研究院')!;
    await createOrganisationsRepo(t.db).update(certified, { contact_email: 'bd@catl.example.com' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const call = async <T>(method: string, url: string, payload?: object, token = admin) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { token },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json<Reply<T>>() };
  };
  const list = async (k: string, query = '') =>
    (await call<TInboxListReply>('GET', `/api/admin/inbox/${k}?${query}`)).body.data;
  const detail = async (k: string, id: number) =>
    (await call<TInboxDetail>('GET', `/api/admin/inbox/${k}/${id}`)).body.data;
  const sendFeedback = (content: string, email: string) =>
    call('POST', '/api/feedback/set/info', { content, email, screen_shot: '' }, user);
  const audit = async (action: string) =>
    (await call<TAuditReply>('GET', `/api/admin/audit?action=${action}`)).body.data.data;

  it('lists feedback newest first as 新建 at version 0, with the phone masked and the reply address', async () => {
    expect((await sendFeedback('第一条反馈：导出报告时页面没有反应。', 'first@example.cn')).status).toBe(200);
    t.clock.advance(60);
    expect((await sendFeedback('第二条反馈：搜索结果里的日期不对。', 'second@example.cn')).status).toBe(200);
    const page = await list('feedback');
    expect(page.total).toBe(2);
    expect(page.data.map((i) => i.contact)).toEqual(['second@example.cn', 'first@example.cn']);
    expect(page.data[0]).toMatchObject({
      kind: 'feedback',
      status: 'new',
      version: 0,
      assignee_id: null,
      phone: `${DEMO_USER_PHONE.slice(0, 3)}****${DEMO_USER_PHONE.slice(-4)}`,
      reply_to: 'second@example.cn',
      replies: 0,
    });
    // The fixed listing still answers in its own shape.
    const fixed = await call<{ data: { content: string }[]; total: number }>('GET', '/api/admin/feedback');
    expect(fixed.body.data.total).toBe(2);
  });

  it('changes status, assignee and note at the version read; a stale save is 409 and changes nothing', async () => {
    const [item] = (await list('feedback')).data;
    const id = item!.id;
    const first = await call<TInboxDetail>('PATCH', `/api/admin/inbox/feedback/${id}`, {
      version: 0,
      status: 'in_progress',
      assignee_id: adminId,
      note: '已联系技术同事排查',
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      status: 'in_progress',
      assignee_id: adminId,
      assignee: '管理员',
      note: '已联系技术同事排查',
      version: 1,
    });
    const stale = await call('PUT', `/api/admin/inbox/feedback/${id}`, { version: 0, status: 'done' });
    expect(stale).toEqual({
      status: 409,
      body: { code: -1, message: MSG.adminVersionConflict, data: null },
    });
    expect((await detail('feedback', id)).status).toBe('in_progress');

    const entries = await audit('inbox.update');
    expect(entries[0]).toMatchObject({
      actor_id: adminId,
      target_type: 'feedback',
      target_id: id,
      before: { status: 'new', assignee_id: null, note: '' },
      after: { status: 'in_progress', assignee_id: adminId, note: '已联系技术同事排查' },
    });

    expect((await list('feedback', 'status=in_progress')).data.map((i) => i.id)).toEqual([id]);
    expect((await list('feedback', 'status=new')).total).toBe(1);
    expect((await list('feedback', `assignee_id=${adminId}`)).data.map((i) => i.id)).toEqual([id]);
    expect((await list('feedback', 'assignee_id=0')).total).toBe(1);
    expect((await list('feedback', 'keyword=日期')).data.map((i) => i.id)).toEqual([id]);
    expect((await list('feedback', 'keyword=100%')).total).toBe(0);
  });

  it('shows each item its history of changes: who, when, status and assignee from → to, note edits', async () => {
    const [item] = (await list('feedback', 'status=in_progress')).data;
    const id = item!.id;
    t.clock.advance(120);
    const second = await call<TInboxDetail>('PATCH', `/api/admin/inbox/feedback/${id}`, {
      version: 1,
      status: 'done',
      assignee_id: null,
    });
    expect(second.status).toBe(200);
    const base = { admin_id: adminId, admin: '管理员' };
    expect(second.body.data.changes).toMatchObject([
      { ...base, field: 'status', from: 'new', to: 'in_progress' },
      { ...base, field: 'assignee', from: '', to: '管理员' },
      { ...base, field: 'note', from: '', to: '已联系技术同事排查' },
      { ...base, field: 'status', from: 'in_progress', to: 'done' },
      { ...base, field: 'assignee', from: '管理员', to: '' },
    ]);
    const [, , , done] = second.body.data.changes;
    expect(done!.at).toBe(t.clock.now().getTime());
    // Another item's changes are its own; the audit log filters by item too.
    const other = (await list('feedback', 'status=new')).data[0]!;
    expect((await detail('feedback', other.id)).changes).toEqual([]);
    const mine = await call<TAuditReply>('GET', `/api/admin/audit?target_type=feedback&target_id=${id}`);
    expect(mine.body.data.total).toBe(2);
    // Back as the tests below expect it.
    const back = await call('PATCH', `/api/admin/inbox/feedback/${id}`, {
      version: 2,
      status: 'in_progress',
      assignee_id: adminId,
    });
    expect(back.status).toBe(200);
  });

  it('refuses a non-admin assignee and an over-long note with their messages, changing nothing', async () => {
    const [, item] = (await list('feedback')).data;
    const id = item!.id;
    const bad = (message: string) => ({ status: 400, body: { code: -1, message, data: null } });
    expect(
      await call('PATCH', `/api/admin/inbox/feedback/${id}`, { version: 0, assignee_id: userId }),
    ).toEqual(bad(MSG.inboxAssigneeInvalid));
    expect(
      await call('PATCH', `/api/admin/inbox/feedback/${id}`, { version: 0, note: '备'.repeat(2001) }),
    ).toEqual(bad(MSG.inboxNoteTooLong));
    expect(await detail('feedback', id)).toMatchObject({ version: 0, note: '', assignee_id: null });
    expect((await call('GET', '/api/admin/inbox/feedback/999999')).status).toBe(404);
    expect(
      (await call('PATCH', '/api/admin/inbox/claim/999999', { version: 0, status: 'done' })).body.message,
    ).toBe(MSG.inboxItemNotFound);
    expect(
      (await call('POST', '/api/admin/inbox/enquiry/999999/reply', { subject: '回复', body: '你好' })).status,
    ).toBe(404);
  });

  it('replies by e-mail in plain text, keeps the reply in the history and the audit log', async () => {
    const [item] = (await list('feedback')).data;
    const id = item!.id;
    const bad = (message: string) => ({ status: 400, body: { code: -1, message, data: null } });
    const url = `/api/admin/inbox/feedback/${id}/reply`;
    expect(await call('POST', url, { subject: '回复', body: '   ' })).toEqual(
      bad(MSG.inboxReplyBodyRequired),
    );
    expect(await call('POST', url, { subject: '回复', body: '字'.repeat(5001) })).toEqual(
      bad(MSG.inboxReplyBodyTooLong),
    );
    expect(await call('POST', url, { subject: '题'.repeat(101), body: '你好' })).toEqual(
      bad(MSG.inboxReplySubjectTooLong),
    );
    expect(sink.messages).toHaveLength(0);

    const body = '您好，日期问题已修复，请刷新页面后再试。<script>alert(1)</script>';
    const sent = await call<TInboxReply>('POST', url, { subject: '【洞察门户】关于您的反馈', body });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(MSG.inboxReplySent);
    expect(sent.body.data).toMatchObject({ to: 'second@example.cn', admin: '管理员', body });
    const [mail] = sink.messagesTo('second@example.cn');
    expect(mail?.subject).toBe('【洞察门户】关于您的反馈');
    expect(mail?.text).toContain(body);
    expect(mail?.text).toContain('第二条反馈：搜索结果里的日期不对。');
    expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail?.html).not.toContain('<script>');

    const after = await detail('feedback', id);
    expect(after.history).toEqual([
      expect.objectContaining({ to: 'second@example.cn', subject: '【洞察门户】关于您的反馈', body }),
    ]);
    expect(after.replies).toBe(1);
    expect((await audit('inbox.reply'))[0]).toMatchObject({
      target_type: 'feedback',
      target_id: id,
      after: { to: 'second@example.cn', subject: '【洞察门户】关于您的反馈' },
    });
  });

  it('falls back to the account e-mail for feedback without one, else refuses to reply', async () => {
    const bound = await t.db.kysely
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const setEmail = (email: string) =>
      t.db.kysely.updateTable('users').set({ email }).where('id', '=', userId).execute();
    const legacy = await t.db.kysely
      .insertInto('feedback')
      .values({
        user_id: userId,
        content: '旧系统迁移来的反馈，没有留邮箱。',
        email: '',
        screen_shot: '',
        created_at: t.clock.now().getTime(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setEmail('');
    const before = sink.messages.length;
    const refused = await call('POST', `/api/admin/inbox/feedback/${legacy.id}/reply`, {
      subject: '回复',
      body: '你好',
    });
    expect(refused).toEqual({
      status: 400,
      body: { code: -1, message: MSG.inboxNoReplyAddress, data: null },
    });
    expect((await detail('feedback', legacy.id)).reply_to).toBe('');
    expect(sink.messages.length).toBe(before);

    await setEmail('bound@example.cn');
    expect((await detail('feedback', legacy.id)).reply_to).toBe('bound@example.cn');
    await setEmail(bound.email);
  });

  it('lists enquiries and claims with their organisation; a claim with a phone only cannot be answered by mail', async () => {
    const enquiry = await call(
      'POST',
      '/api/company/contact/create',
      {
        company_id: certified,
        type: 2,
        company: '星河科技',
        department: '市场部',
        job: '经理',
        name: '张三',
        email: 'zhang@example.com',
        phone: '13812345678',
        submission_id: `inbox-${kind}-enquiry-1`,
      },
      user,
    );
    expect(enquiry.status).toBe(200);
    const [e] = (await list('enquiry')).data;
    expect(e).toMatchObject({ name: '张三', organisation: '宁德时代', reply_to: 'zhang@example.com' });
    const fields = (await detail('enquiry', e!.id)).fields;
    expect(fields).toContainEqual({ label: '公司', value: '星河科技' });
    expect(fields).toContainEqual({ label: '手机', value: '13812345678' });

    const claim = {
      company_id: uncertified,
      name: '李四',
      contact: '13912345678',
      message: '我是该研究院的市场负责人。',
    };
    expect((await call('POST', '/api/company/claim', claim, user)).status).toBe(200);
    const [c] = (await list('claim', 'keyword=待认领')).data;
    expect(c).toMatchObject({
      name: '李四',
      contact: '13912345678',
      organisation: '待认领研究院',
      reply_to: '',
    });
    const before = sink.messages.length;
    expect(
      (await call('POST', `/api/admin/inbox/claim/${c!.id}/reply`, { subject: '回复', body: '你好' })).body
        .message,
    ).toBe(MSG.inboxNoReplyAddress);
    expect(sink.messages.length).toBe(before);
  });

  it('exports a kind as CSV with a BOM, the filters applied and formulas neutralised', async () => {
    await sendFeedback('=HYPERLINK("http://evil.example","点我")看看这个', 'third@example.cn');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/inbox/feedback.csv?status=new',
      headers: { token: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="inbox-feedback-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = res.body;
    expect(text.startsWith('\uFEFF"编号","提交时间","状态"')).toBe(true);
    const lines = text.trim().split('\r\n');
    // The header, then exactly the items the list shows under the same filter.
    expect(lines).toHaveLength(1 + (await list('feedback', 'status=new')).total);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""点我"")看看这个"`);
    expect(text).not.toContain('第二条反馈');
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/admin/inbox/feedback.csv',
      headers: { token: admin },
    });
    expect(all.body).toContain('"处理中","管理员"');
    expect(all.body).toContain('"已联系技术同事排查"');
    const asUser = await t.app.inject({
      method: 'GET',
      url: '/api/admin/inbox/claim.csv',
      headers: { token: user },
    });
    expect(asUser.statusCode).toBe(403);
  });
});
