import { MSG, ZAdminContentListReply, ZAdminUploadReply, type TSearchReply } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateReportPdf } from '../../demo/pdf/generate-report-pdf.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';

type Envelope<T = unknown> = { code: number; message: string; data: T };
type Part = { name: string; filename?: string; content: Buffer | string };

/** A multipart/form-data body as a browser's FormData sends it. */
function multipart(parts: readonly Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----portal-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/pdf`
      : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(testDatabases())('report upload on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let pdf: Buffer;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = (await login(t, '13800000002')).token;
    user = (await login(t, '13800000001')).token;
    pdf = Buffer.from(
      await generateReportPdf({
        slug: 'upload-test',
        seed: 11,
        title: '低空经济产业专题报告',
        industry: '光伏',
        sourceType: '专题报告',
        publisher: '华信咨询',
        publishedAt: new Date(Date.UTC(2026, 9, 1, 2)),
        keywords: ['低空经济'],
        pageCount: 4,
      }),
    );
  }, 60_000);
  afterAll(() => t.close());

  const upload = async (parts: readonly Part[]) => {
    const { payload, headers } = multipart(parts);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reports/upload',
      headers: { ...headers, token: admin },
      payload,
    });
    return { status: res.statusCode, body: res.json<Envelope>() };
  };
  const reportSearch = async (keyword: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { token: user },
      payload: { tn: 'report', keyword },
    });
    return res.json<Envelope<TSearchReply>>().data.data.map((h) => h._id);
  };
  const reportCount = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('reports')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('imports three PDFs as drafts with a per-file result; the broken one fails and leaves nothing', async () => {
    const before = await reportCount();
    const res = await upload([
      { name: 'file', filename: '低空经济报告甲.pdf', content: pdf },
      { name: 'file', filename: 'broken.pdf', content: pdf.subarray(0, Math.floor(pdf.length / 2)) },
      { name: 'file', filename: '低空经济报告乙.pdf', content: pdf },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { items } = ZAdminUploadReply.parse(res.body.data);
    expect(items.map((i) => [i.name, i.status])).toEqual([
      ['低空经济报告甲.pdf', 'draft'],
      ['broken.pdf', 'failed'],
      ['低空经济报告乙.pdf', 'draft'],
    ]);
    expect(items[1]).toEqual({
      id: null,
      name: 'broken.pdf',
      status: 'failed',
      error: 'PDF文件已损坏，无法解析',
    });
    expect(await reportCount()).toBe(before + 2);
    // Two stored reports' folders, none for the broken file.
    const prefixes = new Set(
      (await t.storage.list('reports')).map((k) => k.split('/').slice(0, 2).join('/')),
    );
    expect(prefixes.size).toBe(2);

    // Drafts: no user sees them until they are published.
    const [first, , second] = items;
    expect(await reportSearch('低空经济')).toEqual([]);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/content/report?status=draft&sort=-published_at',
      headers: { token: admin },
    });
    const drafts = ZAdminContentListReply.parse(list.json<Envelope>().data);
    expect(drafts.data.map((r) => r.title).sort()).toEqual(['低空经济报告乙', '低空经济报告甲']);

    await t.app.inject({
      method: 'POST',
      url: `/api/admin/content/report/${first?.id}/publish`,
      headers: { token: admin },
    });
    expect(await reportSearch('低空经济')).toEqual([String(first?.id)]);
    expect(await reportSearch('低空经济')).not.toContain(String(second?.id));
  }, 120_000);

  it('publishes each report as soon as it is imported with publish=1, and refuses what is not a PDF by its bytes', async () => {
    const res = await upload([
      { name: 'publish', content: '1' },
      { name: 'file', filename: '低空经济报告丙.pdf', content: pdf },
      { name: 'file', filename: 'fake.pdf', content: 'hello, not a pdf' },
    ]);
    const { items } = ZAdminUploadReply.parse(res.body.data);
    expect(items.map((i) => i.status)).toEqual(['published', 'failed']);
    expect(items[1]?.error).toBe('文件不是有效的PDF');
    expect(await reportSearch('低空经济')).toContain(String(items[0]?.id));
  }, 120_000);

  it('edits a report with its version; a stale version changes nothing', async () => {
    const [row] = await t.db.kysely
      .selectFrom('reports')
      .select(['id', 'version'])
      .where('status', '=', 'published')
      .execute();
    if (!row) {
      throw new Error('no published report');
    }
    const put = (title: string, version: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/reports/${row.id}`,
        headers: { token: admin },
        payload: { title, industry: '航空', keywords: ['无人机', '无人机', ' eVTOL '], version },
      });
    const ok = await put('低空经济与无人机物流', row.version);
    expect(ok.statusCode, ok.body).toBe(200);
    const stale = await put('旧标题', row.version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json<Envelope>().message).toBe(MSG.adminVersionConflict);
    const saved = await t.db.kysely
      .selectFrom('reports')
      .select(['title', 'industry', 'keywords'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({
      title: '低空经济与无人机物流',
      industry: '航空',
      keywords: '["无人机","eVTOL"]',
    });
    expect(await reportSearch('无人机物流')).toContain(String(row.id));
  });

  it('refuses a request of more than 20 files whole, deleting what it had imported', async () => {
    const before = await reportCount();
    const fakes = Array.from({ length: 20 }, (_, i) => ({
      name: 'file',
      filename: `x${i}.pdf`,
      content: 'not a pdf',
    }));
    const res = await upload([{ name: 'file', filename: '低空经济报告丁.pdf', content: pdf }, ...fakes]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.adminUploadTooMany);
    expect(await reportCount()).toBe(before);
  }, 60_000);

  it('refuses a request without a file', async () => {
    const res = await upload([{ name: 'publish', content: '1' }]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.adminUploadNoFile);
  });
});
