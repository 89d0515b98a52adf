import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TSearchReply } from '@portal/contract';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.ts';
import { generateReportPdf } from '../../demo/pdf/generate-report-pdf.ts';
import { login } from '../../test/login.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { importPdfFiles } from './import-pdfs.ts';

const run = promisify(execFile);

async function reportPdf(): Promise<Uint8Array> {
  return generateReportPdf({
    slug: 'import-test',
    seed: 7,
    title: '低空经济产业专题报告',
    industry: '光伏',
    sourceType: '专题报告',
    publisher: '华信咨询',
    publishedAt: new Date(Date.UTC(2026, 9, 1, 2)),
    keywords: ['低空经济'],
    pageCount: 4,
  });
}

/** A PDF without a Title in its metadata: the file name names the report. */
function untitledPdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ info: {} });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(20).text('Quantum computing outlook: qubits and error correction.');
    doc.end();
  });
}

describe.each(testDatabases())('npm run import on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let dir: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    token = (await login(t, '13800000001')).token;
    dir = mkdtempSync(join(tmpdir(), 'portal-import-'));
    writeFileSync(join(dir, 'report.pdf'), await reportPdf());
    writeFileSync(join(dir, '量子计算展望.pdf'), await untitledPdf());
    const good = await reportPdf();
    writeFileSync(join(dir, 'broken.pdf'), good.subarray(0, Math.floor(good.length / 2)));
    writeFileSync(join(dir, 'notes.txt'), 'not a pdf');
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const search = async (keyword: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { token },
      payload: { tn: 'report', keyword },
    });
    return res.json<{ data: TSearchReply }>().data;
  };

  it('imports PDFs as searchable reports and refuses a broken one, writing nothing for it', async () => {
    const outcomes = await importPdfFiles([dir], {
      content: t.content,
      clock: t.clock,
    });
    expect(outcomes.map((o) => [o.file.slice(dir.length + 1), o.ok])).toEqual([
      ['broken.pdf', false],
      ['report.pdf', true],
      ['量子计算展望.pdf', true],
    ]);
    const broken = outcomes[0];
    expect(broken && !broken.ok && broken.message).toBe('PDF文件已损坏，无法解析');
    const [, report, untitled] = outcomes;
    if (!report?.ok || !untitled?.ok) {
      throw new Error('imports failed');
    }
    expect(report).toMatchObject({ title: '低空经济产业专题报告', pageCount: 4 });
    expect(untitled.title).toBe('量子计算展望');

    // Title, body text and the file-name title are all searchable.
    expect((await search('低空经济')).data.map((h) => h._id)).toEqual([String(report.id)]);
    expect((await search('逆变器')).data.map((h) => h._id)).toContain(String(report.id));
    expect((await search('qubits')).data.map((h) => h._id)).toEqual([String(untitled.id)]);
    expect((await search('量子计算')).data.map((h) => h._id)).toEqual([String(untitled.id)]);

    const reports = await t.db.kysely
      .selectFrom('reports')
      .select(['id', 'cover_key', 'pdf_key', 'page_count'])
      .execute();
    expect(reports).toHaveLength(2);
    const pages = await t.db.kysely.selectFrom('report_pages').select('report_id').execute();
    expect(pages).toHaveLength(4 + 1);
    // Only the two imports' files are stored: the broken one left nothing behind.
    const keys = await t.storage.list('reports');
    const prefixes = new Set(keys.map((k) => k.split('/').slice(0, 2).join('/')));
    expect(prefixes.size).toBe(2);
    expect(keys).toContain(reports[0]?.cover_key);
  }, 60_000);
});

describe('the import command', () => {
  it('prints the Chinese refusal and exits non-zero when a file fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-import-cli-'));
    try {
      writeFileSync(join(dir, 'broken.pdf'), '%PDF-1.4\n1 0 obj\n<<>>\nendobj\n');
      const failed = await run(
        process.execPath,
        ['--import', 'tsx', 'server/src/scripts/import-pdfs.ts', join(dir, 'broken.pdf')],
        {
          cwd: REPO_ROOT,
          env: { ...process.env, DATA_DIR: join(dir, 'data'), DATABASE_URL: '', LOG_LEVEL: 'silent' },
        },
      ).then(
        () => null,
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toContain('PDF文件已损坏，无法解析');
      expect(failed?.stdout).toContain('成功 0 个，失败 1 个');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
