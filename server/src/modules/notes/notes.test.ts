import {
  CONTENT_INDEXES,
  MSG,
  NOTE_PAGE_SIZE,
  type TNoteCreateReply,
  type TNoteDrawReply,
  type TNoteListReply,
  type TNoteUpdateReply,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_PHONE } from '../../seed/demo-users.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

type Envelope<T> = { code: number; message: string; data: T };
type Item = { data_id: string; data_type: string };

describe.each(testDatabases())('notes API on %s', (kind) => {
  let t: TestApp;
  let a: string;
  let b: string;
  let report: Item;
  let headline: Item;
  let other: Item;
  let title = '';
  beforeAll(async () => {
    t = await buildTestApp(kind, { demoReports: 1 });
    a = (await login(t, DEMO_USER_PHONE)).token;
    b = (await login(t, '13900000031')).token;
    const r = await t.db.kysely
      .selectFrom('reports')
      .select(['id', 'title'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const h = await t.db.kysely.selectFrom('headlines').select('id').orderBy('id').limit(2).execute();
    report = { data_id: String(r.id), data_type: CONTENT_INDEXES.report };
    title = r.title;
    headline = { data_id: String(h[0]?.id), data_type: CONTENT_INDEXES.business };
    other = { data_id: String(h[1]?.id), data_type: CONTENT_INDEXES.business };
  }, 180_000);
  afterAll(() => t.close());

  const post = async <T>(url: string, payload: Record<string, unknown>, as: string | null = a) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: as ? { token: as } : {} });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const get = async <T>(url: string, query: Record<string, string> = {}, as: string | null = a) => {
    const res = await t.app.inject({ method: 'GET', url, query, headers: as ? { token: as } : {} });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const create = (item: Item, content: string, as = a, url = '/report/report_details/1') =>
    post<TNoteCreateReply>('/api/user/note/create', { ...item, content, url }, as);
  const list = async (query: Record<string, string> = {}, as = a) =>
    (await get<TNoteListReply>('/api/user/note/list', query, as)).body.data;

  it('creates a note (trimmed) and lists it with its item, newest first', async () => {
    const first = await create(report, '  第一条笔记  ');
    expect(first.status).toBe(200);
    expect(first.body.data.id).toBeGreaterThan(0);
    expect(first.body.data.create_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    t.clock.advance(1);
    await create(headline, '头条上的笔记');
    const all = await list();
    expect(all.total_size).toBe(2);
    expect(all.data.map((n) => n.content)).toEqual(['头条上的笔记', '第一条笔记']);
    expect(all.data[1]).toMatchObject({
      id: first.body.data.id,
      data_id: report.data_id,
      data_type: CONTENT_INDEXES.report,
      source_name: title,
      url: '/report/report_details/1',
    });
    const onReport = await list(report);
    expect(onReport.data.map((n) => n.content)).toEqual(['第一条笔记']);
  });

  it('refuses empty notes with the spec message and notes on missing content', async () => {
    for (const blank of ['', '   ', '\n']) {
      expect(await create(report, blank)).toEqual({
        status: 400,
        body: { code: -1, message: MSG.noteRequired, data: null },
      });
    }
    expect((await create(report, 'x'.repeat(2001))).body.message).toBe(MSG.noteTooLong);
    expect((await create({ data_id: '999999', data_type: CONTENT_INDEXES.report }, '内容')).status).toBe(404);
    expect((await create({ data_id: '1', data_type: 'portal_nothing' }, '内容')).status).toBe(404);
    const before = (await list()).total_size;
    expect(before).toBe(2);
  });

  it.each([
    '//evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '/\\evil.com',
    '/.//evil.com',
    'https://evil.com',
    'javascript:alert(1)',
  ])('keeps the note but never the off-site link %j', async (url) => {
    const res = await create(other, '链接检查', a, url);
    expect(res.status).toBe(200);
    const notes = (await list(other)).data;
    expect(notes.find((n) => n.id === res.body.data.id)).toMatchObject({ content: '链接检查', url: '' });
    await post('/api/user/note/delete', { id: res.body.data.id });
  });

  it('keeps a portal path with its query', async () => {
    const res = await create(other, '链接检查', a, '/report/report_details/5?page=3');
    const notes = (await list(other)).data;
    expect(notes.find((n) => n.id === res.body.data.id)?.url).toBe('/report/report_details/5?page=3');
    await post('/api/user/note/delete', { id: res.body.data.id });
  });

  it('never hands out an off-site link stored before the rule', async () => {
    const res = await create(other, '旧笔记', a, '/report/report_details/5');
    await t.db.kysely
      .updateTable('notes')
      .set({ url: '/\t/evil.com' })
      .where('id', '=', res.body.data.id)
      .execute();
    const notes = (await list(other)).data;
    expect(notes.find((n) => n.id === res.body.data.id)?.url).toBe('');
    await post('/api/user/note/delete', { id: res.body.data.id });
  });

  it('updates and deletes own notes; empty updates are refused and change nothing', async () => {
    const { id } = (await create(headline, '要修改的')).body.data;
    t.clock.advance(60);
    const updated = await post<TNoteUpdateReply>('/api/user/note/update', { id, content: ' 改好了 ' });
    expect(updated.body.data.id).toBe(id);
    let note = (await list(headline)).data.find((n) => n.id === id);
    expect(note?.content).toBe('改好了');
    expect(note?.update_time).not.toBe(note?.create_time);
    expect((await post('/api/user/note/update', { id, content: '  ' })).body.message).toBe(MSG.noteRequired);
    note = (await list(headline)).data.find((n) => n.id === id);
    expect(note?.content).toBe('改好了');
    expect((await post('/api/user/note/delete', { id })).body).toEqual({
      code: 0,
      message: 'success',
      data: null,
    });
    expect((await list(headline)).data.some((n) => n.id === id)).toBe(false);
    expect(await post('/api/user/note/delete', { id })).toEqual({
      status: 404,
      body: { code: -1, message: MSG.noteNotFound, data: null },
    });
  });

  it("gives user B not-found for user A's notes and changes nothing", async () => {
    const { id } = (await create(report, 'A 的私人笔记')).body.data;
    const notFound = { status: 404, body: { code: -1, message: MSG.noteNotFound, data: null } };
    expect(await post('/api/user/note/update', { id, content: 'B 改的' }, b)).toEqual(notFound);
    expect(await post('/api/user/note/delete', { id }, b)).toEqual(notFound);
    expect((await list({}, b)).data).toEqual([]);
    expect((await list(report, b)).total_size).toBe(0);
    expect((await list(report)).data.find((n) => n.id === id)?.content).toBe('A 的私人笔记');
  });

  it('pages notes 8 at a time', async () => {
    for (let i = 0; i < 10; i++) {
      t.clock.advance(1);
      await create(other, `分页笔记${i}`);
    }
    const first = await list(other);
    expect(first).toMatchObject({ page: 1, page_size: NOTE_PAGE_SIZE, total_size: 10 });
    expect(first.data).toHaveLength(8);
    expect(first.data[0]?.content).toBe('分页笔记9');
    const second = await list({ ...other, page: '2' });
    expect(second.data.map((n) => n.content)).toEqual(['分页笔记1', '分页笔记0']);
    expect((await get('/api/user/note/list', { page: '0' })).status).toBe(400);
  });

  it('remembers the note panel per item: open by default, else the last choice', async () => {
    const draw = async (item: Item, as = a) =>
      (await get<TNoteDrawReply>('/api/user/note/draw', { data_id: item.data_id, type: item.data_type }, as))
        .body.data.status;
    expect(await draw(report)).toBe(1);
    const closed = await post<TNoteDrawReply>('/api/user/note/draw/update', {
      ...{ data_id: report.data_id, type: report.data_type },
      status: 2,
    });
    expect(closed.body.data.status).toBe(2);
    expect(await draw(report)).toBe(2);
    // A new item follows the user's last choice; another user is unaffected.
    expect(await draw(headline)).toBe(2);
    expect(await draw(report, b)).toBe(1);
    t.clock.advance(1);
    await post('/api/user/note/draw/update', {
      data_id: headline.data_id,
      type: headline.data_type,
      status: 1,
    });
    expect(await draw(headline)).toBe(1);
    expect(await draw(report)).toBe(2);
    expect(
      (
        await post('/api/user/note/draw/update', {
          data_id: report.data_id,
          type: report.data_type,
          status: 3,
        })
      ).status,
    ).toBe(400);
  });

  it('needs a token', async () => {
    expect((await get('/api/user/note/list', {}, null)).status).toBe(401);
    expect((await create(report, '无登录', '')).status).toBe(401);
    expect(
      (await get('/api/user/note/draw', { data_id: report.data_id, type: report.data_type }, null)).status,
    ).toBe(401);
  });
});
