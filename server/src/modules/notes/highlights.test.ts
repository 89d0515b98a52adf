import {
  CONTENT_INDEXES,
  MSG,
  type TNote,
  type TNoteCreateReply,
  type TNoteItemsReply,
  type TNoteListReply,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_PHONE } from '../../seed/demo-users.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

type Envelope<T> = { code: number; message: string; data: T };
type Item = { data_id: string; data_type: string };

const anchor = {
  start: 12,
  end: 30,
  rects: [
    [0.1, 0.25, 0.6, 0.02],
    [0.1, 0.27, 0.3, 0.02],
  ],
};
const highlight = { color: 'yellow', quote: '第三页上的一段原文', anchor };

describe.each(testDatabases())('highlights and page-anchored notes on %s', (kind) => {
  let t: TestApp;
  let a: string;
  let b: string;
  let report: Item;
  let reportId = 0;
  let pageCount = 0;
  let headline: Item;
  beforeAll(async () => {
    t = await buildTestApp(kind, { demoReports: 1 });
    a = (await login(t, DEMO_USER_PHONE)).token;
    b = (await login(t, '13900000032')).token;
    const r = await t.db.kysely
      .selectFrom('reports')
      .select(['id', 'page_count'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const h = await t.db.kysely.selectFrom('headlines').select('id').orderBy('id').executeTakeFirstOrThrow();
    reportId = r.id;
    pageCount = Number(r.page_count);
    report = { data_id: String(r.id), data_type: CONTENT_INDEXES.report };
    headline = { data_id: String(h.id), data_type: CONTENT_INDEXES.business };
  }, 180_000);
  afterAll(() => t.close());

  const post = async <T>(url: string, payload: Record<string, unknown>, as: string = a) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: { token: as } });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const get = async <T>(url: string, query: Record<string, string> = {}, as: string = a) => {
    const res = await t.app.inject({ method: 'GET', url, query, headers: { token: as } });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const create = (payload: Record<string, unknown>, as = a) =>
    post<TNoteCreateReply>(
      '/api/user/note/create',
      { ...report, url: '/report/report_details/1', ...payload },
      as,
    );
  const list = async (query: Record<string, string> = {}, as = a) =>
    (await get<TNoteListReply>('/api/user/note/list', { page_size: '50', ...query }, as)).body.data;
  const find = async (id: number, as = a): Promise<TNote | undefined> =>
    (await list({}, as)).data.find((n) => n.id === id);

  it('stores a highlight with its page, colour, quote and page-normalised boxes, text optional', async () => {
    const made = await create({ page: 3, highlight });
    expect(made.status).toBe(200);
    expect(await find(made.body.data.id)).toMatchObject({
      content: '',
      page: 3,
      highlight: { color: 'yellow', quote: '第三页上的一段原文', anchor },
      placed: true,
      data_id: report.data_id,
    });
    const withText = await create({
      page: 3,
      highlight: { ...highlight, color: 'blue' },
      content: ' 值得引用 ',
    });
    expect(await find(withText.body.data.id)).toMatchObject({
      content: '值得引用',
      highlight: { color: 'blue' },
    });
    // On a phone: a note on a page, no passage.
    const pageNote = await create({ page: 1, content: '封面页的想法' });
    expect(await find(pageNote.body.data.id)).toMatchObject({ page: 1, highlight: null, placed: true });
  });

  it('keeps notes written before highlights as page-less notes', async () => {
    const plain = await create({ content: '没有页码的笔记' });
    expect(await find(plain.body.data.id)).toMatchObject({ page: null, highlight: null, placed: true });
  });

  it('refuses a page the report does not have, a page on a headline, and a highlight without a page', async () => {
    const before = (await list()).total_size;
    expect(await create({ page: pageCount + 1, highlight })).toEqual({
      status: 400,
      body: { code: -1, message: MSG.notePageOutOfRange, data: null },
    });
    expect((await create({ ...headline, page: 1, content: '头条没有页' })).body.message).toBe(
      MSG.notePageOutOfRange,
    );
    expect((await create({ highlight })).status).toBe(400);
    expect(
      (await create({ page: 2, highlight: { ...highlight, anchor: { ...anchor, rects: [[0, 0, 2, 1]] } } }))
        .status,
    ).toBe(400);
    expect((await create({ page: 2 })).body.message).toBe(MSG.noteRequired);
    expect((await list()).total_size).toBe(before);
  });

  it('edits a highlight (text may go, colour may change) but never empties a plain note', async () => {
    const { id } = (await create({ page: 2, highlight, content: '先写一句' })).body.data;
    expect((await post('/api/user/note/update', { id, content: '', color: 'green' })).status).toBe(200);
    expect(await find(id)).toMatchObject({
      content: '',
      highlight: { color: 'green', quote: highlight.quote },
    });
    const plain = (await create({ content: '普通笔记' })).body.data.id;
    expect((await post('/api/user/note/update', { id: plain, content: ' ' })).body.message).toBe(
      MSG.noteRequired,
    );
    expect((await post('/api/user/note/update', { id: plain, content: '改', color: 'pink' })).status).toBe(
      400,
    );
    expect(await find(plain)).toMatchObject({ content: '普通笔记', highlight: null });
  });

  it("answers 404 to another user's highlight and changes nothing", async () => {
    const { id } = (await create({ page: 3, highlight, content: 'A 的划线' })).body.data;
    const notFound = { status: 404, body: { code: -1, message: MSG.noteNotFound, data: null } };
    expect(await post('/api/user/note/update', { id, content: 'B 改的', color: 'pink' }, b)).toEqual(
      notFound,
    );
    expect(await post('/api/user/note/delete', { id }, b)).toEqual(notFound);
    expect((await list(report, b)).total_size).toBe(0);
    expect((await get<TNoteItemsReply>('/api/user/note/items', {}, b)).body.data.data).toEqual([]);
    expect(await find(id)).toMatchObject({ content: 'A 的划线', highlight: { color: 'yellow' } });
  });

  it('deletes a highlight for good', async () => {
    const { id } = (await create({ page: 3, highlight })).body.data;
    expect((await post('/api/user/note/delete', { id })).status).toBe(200);
    expect(await find(id)).toBeUndefined();
    expect((await post('/api/user/note/delete', { id })).status).toBe(404);
    expect(
      await t.db.kysely.selectFrom('notes').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('searches the text and the quote, % and _ as themselves, and lists the items noted', async () => {
    await create({ page: 4, highlight: { ...highlight, quote: '增长率达到 35%' } });
    const byQuote = await list({ keyword: '35%' });
    expect(byQuote.data.map((n) => n.highlight?.quote)).toEqual(['增长率达到 35%']);
    expect((await list({ keyword: '值得引用' })).data.map((n) => n.content)).toEqual(['值得引用']);
    expect((await list({ keyword: '_' })).total_size).toBe(0);
    const items = (await get<TNoteItemsReply>('/api/user/note/items')).body.data.data;
    expect(items).toEqual([
      expect.objectContaining({
        data_id: report.data_id,
        data_type: CONTENT_INDEXES.report,
        count: (await list(report)).total_size,
      }),
    ]);
    expect(items[0]?.source_name).not.toBe('');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/user/note/items' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps highlights on a replaced or unpublished report, marked as no longer placed', async () => {
    const { id } = (await create({ page: 3, highlight, content: '会失效的划线' })).body.data;
    const plain = (await create({ content: '不挂页的笔记' })).body.data.id;
    const original = await t.db.kysely
      .selectFrom('reports')
      .select('pdf_key')
      .where('id', '=', reportId)
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .updateTable('reports')
      .set({ pdf_key: `${original.pdf_key}.v2` })
      .where('id', '=', reportId)
      .execute();
    expect(await find(id)).toMatchObject({
      content: '会失效的划线',
      page: 3,
      highlight: { quote: highlight.quote },
      placed: false,
    });
    expect(await find(plain)).toMatchObject({ placed: true });
    // A highlight made on the new file is placed again.
    const fresh = (await create({ page: 3, highlight })).body.data.id;
    expect(await find(fresh)).toMatchObject({ placed: true });
    await t.db.kysely
      .updateTable('reports')
      .set({ status: 'unpublished' })
      .where('id', '=', reportId)
      .execute();
    expect(await find(fresh)).toMatchObject({ placed: false, highlight: { quote: highlight.quote } });
    await t.db.kysely
      .updateTable('reports')
      .set({ status: 'published', pdf_key: original.pdf_key })
      .where('id', '=', reportId)
      .execute();
    expect(await find(id)).toMatchObject({ placed: true });
  });
});
