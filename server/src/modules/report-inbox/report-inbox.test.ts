import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateReportPdf } from '../../demo/pdf/generate-report-pdf.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { createReportInbox } from './report-inbox.ts';

describe.each(testDatabases())('report drop folder on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  let pdf: Buffer;

  beforeAll(async () => {
    t = await buildTestApp(kind, { seed: false });
    dir = mkdtempSync(join(tmpdir(), 'report-inbox-'));
    pdf = Buffer.from(
      await generateReportPdf({
        slug: 'inbox-test',
        seed: 7,
        title: '投放目录测试报告',
        industry: '光伏',
        sourceType: '专题报告',
        publisher: '华信咨询',
        publishedAt: new Date(Date.UTC(2026, 9, 1, 2)),
        keywords: ['光伏'],
        pageCount: 4,
      }),
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const inbox = (publish: boolean) =>
    createReportInbox({
      dir,
      publish,
      content: t.content,
      clock: t.clock,
      settleMs: 0,
    });
  /** A file as a writer leaves it: its time set in the past so only the two-scan check holds it back. */
  const drop = (name: string, bytes: Buffer | string) => {
    writeFileSync(join(dir, name), bytes);
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(dir, name), past, past);
  };
  const reports = () => t.db.kysely.selectFrom('reports').select(['id', 'title', 'status']).execute();

  it('ingests a settled PDF as a draft and moves it to done/; a file being written waits', async () => {
    const drafts = inbox(false);
    drop('光伏_季度观察.pdf', pdf);
    drop('still-writing.pdf', pdf.subarray(0, 100));
    // First sighting: nothing is taken until the next scan sees the same size and time.
    expect(await drafts.scan()).toEqual([]);
    // The writer goes on writing meanwhile.
    writeFileSync(join(dir, 'still-writing.pdf'), pdf.subarray(0, 5000));
    const outcomes = await drafts.scan();
    expect(outcomes).toEqual([
      { file: '光伏_季度观察.pdf', status: 'draft', id: expect.any(Number) as number },
    ]);
    expect(readdirSync(join(dir, 'done'))).toEqual(['光伏_季度观察.pdf']);
    expect(readdirSync(dir)).toContain('still-writing.pdf');
    expect((await reports()).map((r) => [r.title, r.status])).toEqual([['光伏 季度观察', 'draft']]);
  });

  it('moves a refused file to failed/ with the reason beside it and takes the finished one', async () => {
    const before = (await reports()).length;
    drop('not-a-pdf.pdf', 'hello');
    // The writer of the other file finished.
    drop('still-writing.pdf', pdf);
    const scanner = inbox(true);
    await scanner.scan();
    const outcomes = await scanner.scan();
    expect(outcomes).toContainEqual({ file: 'not-a-pdf.pdf', status: 'failed', error: '文件不是PDF格式' });
    expect(readFileSync(join(dir, 'failed', 'not-a-pdf.pdf.txt'), 'utf8')).toBe('文件不是PDF格式\n');
    expect(readdirSync(dir)).not.toContain('not-a-pdf.pdf');
    // The finished file settled meanwhile: published, since this inbox publishes.
    expect(outcomes).toContainEqual({
      file: 'still-writing.pdf',
      status: 'published',
      id: expect.any(Number) as number,
    });
    expect((await reports()).length).toBe(before + 1);
  });

  it('takes a file once when two processes scan the folder together', async () => {
    const one = inbox(true);
    const two = inbox(true);
    drop('两个进程.pdf', pdf);
    await Promise.all([one.scan(), two.scan()]);
    const [a, b] = await Promise.all([one.scan(), two.scan()]);
    expect([...a, ...b].filter((o) => o.file === '两个进程.pdf')).toHaveLength(1);
    expect((await reports()).filter((r) => r.title === '两个进程')).toHaveLength(1);
  });
});
