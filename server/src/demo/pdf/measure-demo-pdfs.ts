// Measures the demo report pipeline: `node --import tsx server/src/demo/pdf/measure-demo-pdfs.ts [count]`.
// Generate the demo PDFs on this thread, then ingest them one after another in a PDF worker
// thread, with text and cover only (page images left for first request) and with every page
// image. Then the seed's way, `ingestDemoReports`, which generates the next report while the
// worker ingests the previous one.
// Everything goes to a temporary directory.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestPdf } from '../../ingest/ingest-pdf.ts';
import { PdfWorkerRunner } from '../../ingest/pdf-worker-runner.ts';
import { LocalStorage } from '../../platform/storage/local-storage.ts';
import { demoReportSpecs } from './demo-report-specs.ts';
import { generateReportPdf } from './generate-report-pdf.ts';
import { ingestDemoReports } from './ingest-demo-reports.ts';

const count = Number(process.argv[2] ?? 60);
const now = new Date('2026-11-22T00:00:00Z');
const specs = demoReportSpecs({ now, count });
const pages = specs.reduce((sum, spec) => sum + spec.pageCount, 0);
const root = await mkdtemp(join(tmpdir(), 'measure-demo-pdfs-'));
const storage = new LocalStorage(root);

const time = async (label: string, run: () => Promise<void>): Promise<number> => {
  const start = performance.now();
  await run();
  const ms = performance.now() - start;
  console.log(
    `${label.padEnd(34)} ${(ms / 1000).toFixed(1).padStart(6)} s  ${(ms / pages).toFixed(1).padStart(6)} ms/page`,
  );
  return ms;
};

const workerRunner = new PdfWorkerRunner();
try {
  console.log(`${count} reports, ${pages} pages`);
  const pdfs: Buffer[] = [];
  // Warm-up: the worker's start, and pdf.js's parser and the fonts' first use, once per process.
  await ingestPdf({
    bytes: await generateReportPdf(specs[0]!),
    storage,
    keyPrefix: 'warm',
    runner: workerRunner,
  });
  const generate = await time('generate PDFs', async () => {
    for (const spec of specs) {
      pdfs.push(await generateReportPdf(spec));
    }
  });
  const lazy = await time('ingest: text + cover', async () => {
    for (const [i, bytes] of pdfs.entries()) {
      await ingestPdf({
        bytes,
        storage,
        keyPrefix: `lazy/${i}`,
        runner: workerRunner,
        eagerPageImages: 0,
      });
    }
  });
  const eager = await time('ingest: text + cover + page images', async () => {
    for (const [i, bytes] of pdfs.entries()) {
      await ingestPdf({ bytes, storage, keyPrefix: `eager/${i}`, runner: workerRunner });
    }
  });
  // The seed's way: generation and ingestion side by side.
  await time('seed (worker), text + cover', async () => {
    await ingestDemoReports({
      storage,
      now,
      count,
      runner: workerRunner,
      keyPrefixFor: (s) => `seed-lazy/${s.slug}`,
    });
  });
  await time('seed (worker), with page images', async () => {
    const keyPrefixFor = (s: { slug: string }) => `seed-eager/${s.slug}`;
    await ingestDemoReports({
      storage,
      now,
      count,
      runner: workerRunner,
      keyPrefixFor,
      eagerPageImages: 1000,
    });
  });
  const bytes = pdfs.reduce((sum, pdf) => sum + pdf.length, 0);
  console.log(
    `page images alone                  ${((eager - lazy) / pages).toFixed(1).padStart(13)} ms/page`,
  );
  console.log(`total, page images on request      ${((generate + lazy) / 1000).toFixed(1).padStart(6)} s`);
  console.log(`total, all page images at ingest   ${((generate + eager) / 1000).toFixed(1).padStart(6)} s`);
  console.log(
    `PDF bytes: ${(bytes / 1024 / 1024).toFixed(1)} MiB, ${(bytes / count / 1024).toFixed(0)} KiB per report`,
  );
} finally {
  await workerRunner.close();
  await rm(root, { recursive: true, force: true });
}
