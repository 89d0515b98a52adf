import {
  CONTENT_INDEXES,
  MSG,
  ZAdminPreviewReply,
  ZAdminReportFileReply,
  type TSearchReply,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateReportPdf } from '../../demo/pdf/generate-report-pdf.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { multipartBody, type Part } from './test-multipart.ts';

type Envelope<T = unknown> = { code: number; message: string; data: T };

const pdfOf = async (title: string, keyword: string, pageCount: number) =>
  Buffer.from(
    await generateReportPdf({
      slug: `replace-${pageCount}`,
      seed: pageCount,
      title,
      industry: '光伏',
      sourceType: '专题报告',
      publisher: '华信咨询',
      publishedAt: new Date(Date.UTC(2026, 9, 1, 2)),
      keywords: [keyword],
      pageCount,
    }),
  );

describe.each(testDatabases())('replacing a report PDF, and previews, on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let report: number;
  let draft: number;
  let newPdf: Buffer;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = (await login(t, '13800000002')).token;
    user = (await login(t, '13800000001')).token;
    const oldPdf = await pdfOf('低空经济产业专题报告', '低空经济', 4);
    newPdf = await pdfOf('钠离子电池产业化进程报告', '钠离子电池', 6);
    const bytes = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    report = await t.content.importReportPdf(bytes(oldPdf), {
      title: '低空经济专题',
      publishedAt: t.clock.now(),
    });
    draft = await t.content.importReportPdf(bytes(oldPdf), {
      title: '未发布的草稿报告',
      publishedAt: t.clock.now(),
      status: 'draft',
    });
  }, 120_000);
  afterAll(() => t.close());

  const replace = async (id: number, parts: readonly Part[], token = admin) => {
    const { payload, headers } = multipartBody(parts);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${id}/file`,
      headers: { ...headers, token },
      payload,
    });
    return { status: res.statusCode, body: res.json<Envelope>() };
  };
  const row = () =>
    t.db.kysely
      .selectFrom('reports')
      .select(['pdf_key', 'cover_key', 'page_count', 'version'])
      .where('id', '=', report)
      .executeTakeFirstOrThrow();
  const pageRows = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('report_pages')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('report_id', '=', report)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const detail = (id: number, token = user) =>
    t.app.inject({
      method: 'POST',
      url: '/api/detail',
      headers: { token },
      payload: { detail_id: String(id), index: CONTENT_INDEXES.report },
    });
  const found = async (keyword: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/search',
        headers: { token: user },
        payload: { tn: 'report', keyword },
      })
    )
      .json<Envelope<TSearchReply>>()
      .data.data.map((h) => Number(h._id));
  const reportPrefixes = async () =>
    new Set((await t.storage.list('reports')).map((k) => k.split('/').slice(0, 2).join('/')));

  it('refuses a broken PDF, a non-PDF, a stale version and an unknown id, and leaves the report as it was', async () => {
    const before = await row();
    const prefixes = await reportPrefixes();
    const broken = await replace(report, [
      { name: 'version', content: '1' },
      { name: 'file', filename: 'broken.pdf', content: newPdf.subarray(0, 2000) },
    ]);
    expect(broken).toMatchObject({ status: 400, body: { message: 'PDF文件已损坏，无法解析' } });
    const text = await replace(report, [
      { name: 'version', content: '1' },
      { name: 'file', filename: 'fake.pdf', content: 'not a pdf at all' },
    ]);
    expect(text).toMatchObject({ status: 400, body: { message: '文件不是有效的PDF' } });
    const stale = await replace(report, [
      { name: 'version', content: '7' },
      { name: 'file', filename: 'new.pdf', content: newPdf },
    ]);
    expect(stale).toMatchObject({ status: 409, body: { message: MSG.adminVersionConflict } });
    const none = await replace(report, [{ name: 'version', content: '1' }]);
    expect(none).toMatchObject({ status: 400, body: { message: MSG.adminFileRequired } });
    const missing = await replace(999_999, [
      { name: 'version', content: '1' },
      { name: 'file', filename: 'new.pdf', content: newPdf },
    ]);
    expect(missing.status).toBe(404);

    expect(await row()).toEqual(before);
    expect(await pageRows()).toBe(4);
    expect(await reportPrefixes()).toEqual(prefixes);
    expect(await t.storage.get(before.pdf_key)).not.toBeNull();
  }, 60_000);

  it('swaps pages, text, cover and search document at once, removes the old files and audits it', async () => {
    const before = await row();
    expect(await found('钠离子电池')).not.toContain(report);
    const res = await replace(report, [
      { name: 'version', content: String(before.version) },
      { name: 'file', filename: '钠离子电池.pdf', content: newPdf },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ZAdminReportFileReply.parse(res.body.data)).toEqual({
      id: report,
      status: 'published',
      version: before.version + 1,
      page_count: 6,
    });

    const after = await row();
    expect(after.pdf_key).not.toBe(before.pdf_key);
    expect(after.cover_key).not.toBe(before.cover_key);
    expect(await pageRows()).toBe(6);
    expect(await t.storage.get(before.pdf_key)).toBeNull();
    expect(await t.storage.get(after.pdf_key)).not.toBeNull();
    // The user's page shows the new file and page count; search finds the new text.
    const page = (await detail(report)).json<
      Envelope<{ detail_info: { _source: { page_count: number; pdf_image: string[] } } }>
    >();
    expect(page.data.detail_info._source.page_count).toBe(6);
    expect(page.data.detail_info._source.pdf_image).toHaveLength(6);
    expect(await found('钠离子电池')).toContain(report);

    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('target_type', '=', 'report')
      .where('target_id', '=', report)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.action).toBe('content.replace_file');
    expect(JSON.parse(String(audit[0]?.after))).toEqual({ file: '钠离子电池.pdf', page_count: 6 });
    expect(JSON.parse(String(audit[0]?.before))).toEqual({ file: before.pdf_key, page_count: 4 });
  }, 60_000);

  it('previews a draft for admins only; users still get 404 for it', async () => {
    expect((await detail(draft)).statusCode).toBe(404);
    expect((await detail(draft, admin)).statusCode).toBe(404);
    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/admin/content/report/${draft}/preview`,
      headers: { token: admin },
    });
    expect(preview.statusCode).toBe(200);
    const reply = ZAdminPreviewReply.parse(preview.json<Envelope>().data);
    expect(reply.status).toBe('draft');
    expect(reply.detail_info._index).toBe(CONTENT_INDEXES.report);
    expect(reply.detail_info._source.title).toBe('未发布的草稿报告');
    // Files come signed, as for a permitted reader.
    expect(String((reply.detail_info._source.files as { url: string }[])[0]?.url)).toMatch(/[?&]sig=/);

    const asUser = await t.app.inject({
      method: 'GET',
      url: `/api/admin/content/report/${draft}/preview`,
      headers: { token: user },
    });
    expect(asUser.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/admin/content/material/999999/preview',
      headers: { token: admin },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
