import { readFileSync } from 'node:fs';
import type { TAuditEntry, TDetailReply, TReportSource, TSearchReply } from '@portal/contract';
import { CONTENT_INDEXES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateReportPdf } from '../../demo/pdf/generate-report-pdf.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { createReportMetadataRepo } from './report-metadata.repo.ts';

/** A real PDF with an outline; 钠离子电池 is on page 5 only (fixtures/make-outline-report.ts). */
const OUTLINE_PDF = new Uint8Array(
  readFileSync(new URL('../../ingest/fixtures/outline-report.pdf', import.meta.url)),
);

describe.each(testDatabases())('report pages and metadata on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let admin: string;
  let outlineId: number;
  let demoId: number;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    token = (await login(t, '13800000001')).token;
    admin = (await login(t, '13800000002')).token;
    outlineId = await t.content.importReportPdf(OUTLINE_PDF, {
      title: '储能产业年度观察',
      publishedAt: new Date('2026-01-02T00:00:00Z'),
      keywords: ['储能'],
    });
    const demo = await generateReportPdf({
      slug: 'pages-test',
      seed: 11,
      title: '宁德时代动力电池专题报告',
      industry: '新能源汽车',
      sourceType: '专题报告',
      publisher: '华信咨询',
      publishedAt: new Date(Date.UTC(2026, 9, 1, 2)),
      keywords: ['动力电池'],
      pageCount: 6,
    });
    demoId = await t.content.importReportPdf(demo, {
      title: '宁德时代动力电池专题报告',
      publishedAt: new Date('2026-10-01T02:00:00Z'),
      keywords: ['动力电池'],
    });
  }, 90_000);
  afterAll(async () => {
    await t.close();
  });

  const search = async (keyword: string, tn = 'report') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { token },
      payload: { tn, keyword },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: TSearchReply }>().data;
  };
  const detail = async (id: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/detail',
      headers: { token },
      payload: { index: CONTENT_INDEXES.report, detail_id: String(id) },
    });
    return res.json<{ data: TDetailReply }>().data.detail_info._source as TReportSource;
  };

  it('says a word found only on page 5 is on 第 5 页, with that page as the snippet', async () => {
    for (const tn of ['report', 'all']) {
      const reply = await search('钠离子电池', tn);
      const hit = reply.data.find((h) => h._id === String(outlineId));
      expect(hit?._source.page_hit?.page).toBe(5);
      expect(hit?._source.page_hit?.snippet).toContain('<em>钠离子电池</em>');
      expect(hit?._source.page_hit?.snippet).toContain('低温性能');
    }
  });

  it('never points a body match at the cover or contents page', async () => {
    // 第三章 技术路线 is on the contents page (2) and page 5; the chapter page wins.
    const hit = (await search('技术路线')).data.find((h) => h._id === String(outlineId));
    expect(hit?._source.page_hit?.page).toBe(5);
    // Lists without a keyword carry no page.
    const list = await search('');
    expect(list.data.every((h) => h._source.page_hit === undefined)).toBe(true);
  });

  it('describes a PDF with an outline: page count, abstract past the cover and contents, outline as contents', async () => {
    const source = await detail(outlineId);
    expect(source.page_count).toBe(7);
    expect(source.abstract.startsWith('二〇二六年储能市场装机规模同比增长')).toBe(true);
    expect(source.abstract).not.toContain('目录');
    expect(source.toc).toEqual([
      { title: '封面', page: 1, level: 1 },
      { title: '第一章 市场回顾', page: 3, level: 1 },
      { title: '第二章 产业链格局', page: 4, level: 1 },
      { title: '第三章 技术路线', page: 5, level: 1 },
      { title: '3.1 正极材料', page: 5, level: 2 },
      { title: '3.2 电解液体系', page: 5, level: 2 },
      { title: '第四章 政策与标准', page: 6, level: 1 },
      { title: '第五章 投资建议', page: 7, level: 1 },
    ]);
    expect(source.tag[0]).toBe('储能');
  });

  it('describes a demo PDF from its text: contents from the section headings, tags from catalogue keywords', async () => {
    const source = await detail(demoId);
    expect(source.page_count).toBe(6);
    expect(source.toc.length).toBeGreaterThanOrEqual(3);
    expect(source.toc[0]).toMatchObject({ page: 3, level: 1 });
    expect(source.toc[0]?.title).toMatch(/^一、/);
    expect(source.toc.every((e) => e.page >= 3)).toBe(true);
    // The abstract is prose from page 3 on, not the cover's title or the contents.
    expect(source.abstract.length).toBeGreaterThan(60);
    expect(source.abstract).not.toContain('宁德时代动力电池专题报告');
    expect(source.abstract).toMatch(/[。；，]/);
    expect(source.tag[0]).toBe('动力电池');
    expect(source.tag.length).toBeGreaterThan(1);
  });

  it('lets an admin rewrite the abstract users see, keeping it as it was when left out', async () => {
    const fields = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/content/report/${outlineId}`,
          headers: { token: admin },
        })
      ).json<{ data: { version: number; fields: { abstract: string } } }>().data;
    const put = async (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/reports/${outlineId}`,
        headers: { token: admin },
        payload: { title: '储能产业年度观察', keywords: ['储能'], ...body },
      });
    const before = await fields();
    expect(before.fields.abstract.startsWith('二〇二六年储能市场')).toBe(true);
    expect((await put({ abstract: '编辑改写的摘要。', version: before.version })).statusCode).toBe(200);
    expect((await detail(outlineId)).abstract).toBe('编辑改写的摘要。');
    expect((await put({ version: before.version + 1 })).statusCode).toBe(200);
    expect((await detail(outlineId)).abstract).toBe('编辑改写的摘要。');
    const tooLong = await put({ abstract: '长'.repeat(2001), version: before.version + 2 });
    expect(tooLong.statusCode).toBe(400);
    // A user cannot.
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/reports/${outlineId}`,
      headers: { token },
      payload: { title: 'x', abstract: 'x', version: before.version + 2 },
    });
    expect(refused.statusCode).toBe(403);
  });

  const adminPut = async (id: number, body: object) => {
    const { version } = (
      await t.app.inject({ method: 'GET', url: `/api/admin/content/report/${id}`, headers: { token: admin } })
    ).json<{ data: { version: number } }>().data;
    return t.app.inject({
      method: 'PUT',
      url: `/api/admin/reports/${id}`,
      headers: { token: admin },
      payload: { title: '储能产业年度观察', keywords: ['储能'], version, ...body },
    });
  };
  const EDITED_TOC = [
    { title: '第一章 市场回顾', page: 2, level: 1 },
    { title: '1.1 装机规模', page: 3, level: 2 },
  ];

  it('lets an admin rewrite the contents and the auto tags; a page the report lacks is refused', async () => {
    const before = await detail(outlineId);
    expect(before.page_count).toBeGreaterThanOrEqual(3);
    expect((await adminPut(outlineId, { toc: EDITED_TOC, auto_tags: ['钠离子电池'] })).statusCode).toBe(200);
    const after = await detail(outlineId);
    expect(after.toc).toEqual(EDITED_TOC);
    expect(after.tag).toEqual(['储能', '钠离子电池']);
    // The audit log says what the contents became, readably.
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?target_type=report&target_id=${outlineId}&page_size=5`,
      headers: { token: admin },
    });
    const latest = audit.json<{ data: { data: TAuditEntry[] } }>().data.data[0];
    expect(latest?.after).toMatchObject({
      toc: ['第一章 市场回顾（第2页）', '1.1 装机规模（第3页）'],
      auto_tags: '["钠离子电池"]',
    });
    expect((await adminPut(outlineId, { auto_tags: [] })).statusCode).toBe(200);
    expect((await detail(outlineId)).tag).toEqual(['储能']);

    for (const toc of [
      [{ title: '第九章', page: before.page_count + 1, level: 1 }],
      [{ title: '  ', page: 1, level: 1 }],
      [{ title: '第一章', page: 1, level: 4 }],
      [{ title: '第一章', page: 0, level: 1 }],
      Array.from({ length: 61 }, (_, i) => ({ title: `第${i + 1}节`, page: 1, level: 2 })),
    ]) {
      const refused = await adminPut(outlineId, { toc });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message: '目录最多60条，每条需填写标题（100字以内），页码须在报告页数之内',
      });
    }
    expect((await detail(outlineId)).toc).toEqual(EDITED_TOC);
  });

  it('computes the metadata of reports stored before it existed, at start-up', async () => {
    await t.db.kysely
      .updateTable('reports')
      .set({ abstract: '', toc: '[]', auto_tags: '[]', meta_version: 0, meta_edited: 0 })
      .execute();
    expect((await detail(demoId)).abstract).toBe('');
    const done = await createReportMetadataRepo(t.db).backfill();
    expect(done).toBe(2);
    const source = await detail(demoId);
    expect(source.abstract.length).toBeGreaterThan(60);
    expect(source.toc[0]?.title).toMatch(/^一、/);
    // Without the PDF's outline the backfill finds the chapter headings in the text.
    const outlined = await detail(outlineId);
    expect(outlined.toc.map((e) => e.title)).toContain('第三章 技术路线');
    expect(await createReportMetadataRepo(t.db).backfill()).toBe(0);
  });

  it("keeps the contents from a PDF outline and drops a card text's list marker under newer rules", async () => {
    await t.db.kysely.updateTable('reports').set({ meta_edited: 0 }).execute();
    // Computed at ingestion, with the outline: what the backfill cannot read again.
    const outline = [{ title: '第一部分 总论', page: 1, level: 1 }];
    await t.db.kysely
      .updateTable('reports')
      .set({ toc: JSON.stringify(outline), meta_version: 1, description: '■ 储能装机规模持续扩大。' })
      .where('id', '=', outlineId)
      .execute();
    expect(await createReportMetadataRepo(t.db).backfill()).toBe(1);
    const row = await t.db.kysely
      .selectFrom('reports')
      .select(['toc', 'description', 'meta_edited', 'meta_version'])
      .where('id', '=', outlineId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.toc)).toEqual(outline);
    expect(row.description).toBe('储能装机规模持续扩大。');
    // Kept, not marked as an editor's: a new file still computes it again.
    expect(Number(row.meta_edited)).toBe(0);
  });

  it('keeps what an admin rewrote when the rules change and metadata is computed again', async () => {
    await t.db.kysely.updateTable('reports').set({ meta_edited: 0 }).execute();
    expect((await adminPut(outlineId, { abstract: '编辑写的摘要。', toc: EDITED_TOC })).statusCode).toBe(200);
    // A rules change: every report's metadata is computed again at the next start.
    await t.db.kysely
      .updateTable('reports')
      .set({ meta_version: 0, auto_tags: '["旧规则的标签"]' })
      .execute();
    expect(await createReportMetadataRepo(t.db).backfill()).toBe(2);
    const kept = await detail(outlineId);
    expect(kept.abstract).toBe('编辑写的摘要。');
    expect(kept.toc).toEqual(EDITED_TOC);
    // The auto tags were not rewritten by the admin, so they are computed again.
    expect(kept.tag).not.toContain('旧规则的标签');
    expect((await detail(demoId)).toc[0]?.title).toMatch(/^一、/);
  });
});
