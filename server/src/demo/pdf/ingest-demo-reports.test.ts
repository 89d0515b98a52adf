import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { LocalStorage } from '../../platform/storage/local-storage.ts';
import { ingestDemoReports } from './ingest-demo-reports.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

it('generates and ingests demo reports, clearing what an interrupted run left', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'demo-reports-'));
  dirs.push(dir);
  const storage = new LocalStorage(dir);
  await storage.put('demo/reports/demo-report-001/pages/0009.jpg', new Uint8Array([1]), 'image/jpeg');

  const reports = await ingestDemoReports({
    storage,
    now: new Date('2026-11-22T00:00:00Z'),
    count: 2,
    eagerPageImages: 0,
  });

  expect(reports.map((report) => report.spec.slug)).toEqual(['demo-report-001', 'demo-report-002']);
  for (const { spec, files } of reports) {
    expect(files.pageCount).toBe(spec.pageCount);
    expect(files.pages[0]?.text).toContain(spec.title.slice(0, 6));
    // No page images (rendered on first request), each page's text layout and all of them in one file.
    expect(await storage.list(`demo/reports/${spec.slug}`)).toEqual([
      `demo/reports/${spec.slug}/cover.png`,
      ...Array.from(
        { length: spec.pageCount },
        (_, i) => `demo/reports/${spec.slug}/pages/${String(i + 1).padStart(4, '0')}.json`,
      ),
      `demo/reports/${spec.slug}/pages/layouts.json`,
      `demo/reports/${spec.slug}/source.pdf`,
    ]);
  }
});
