import { ingestPdf, type IngestedPdf } from '../../ingest/ingest-pdf.ts';
import type { PdfRunner } from '../../ingest/pdf-runner.ts';
import { sharedPdfWorker } from '../../ingest/pdf-worker-runner.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { demoReportSpecs, type DemoReportSpec } from './demo-report-specs.ts';
import { generateReportPdf } from './generate-report-pdf.ts';

export type DemoReportFiles = { spec: DemoReportSpec; files: IngestedPdf };

export type IngestDemoReportsInput = {
  storage: Storage;
  now: Date;
  count?: number;
  /** Where each report's files go; defaults to `demo/reports/<slug>`. */
  keyPrefixFor?: (spec: DemoReportSpec) => string;
  /**
   * Page images made now. Defaults to 0: the seed stores text, cover and PDF only and each
   * page image is rendered on its first request (`renderPageImage`), which takes the seed
   * from ~40 s to ~22 s on one core for 60 reports (see README.md in src/ingest).
   */
  eagerPageImages?: number;
  /** Defaults to the shared PDF worker. */
  runner?: PdfRunner;
};

/**
 * Generates the demo report PDFs and ingests them, for the demo seed. The two overlap: this
 * thread lays out report n+1 while the runner's thread ingests report n, which on two cores
 * takes the pair's time from their sum to about the larger of the two.
 * A prefix left by an interrupted earlier run is cleared first: demo prefixes belong to the
 * seed alone.
 */
export async function ingestDemoReports(input: IngestDemoReportsInput): Promise<DemoReportFiles[]> {
  const { storage } = input;
  const keyPrefixFor = input.keyPrefixFor ?? ((spec: DemoReportSpec) => `demo/reports/${spec.slug}`);
  const runner = input.runner ?? sharedPdfWorker();
  const specs = demoReportSpecs({ now: input.now, count: input.count });
  const results: DemoReportFiles[] = [];
  let bytes = specs[0] ? await generateReportPdf(specs[0]) : undefined;
  for (const [i, spec] of specs.entries()) {
    const keyPrefix = keyPrefixFor(spec);
    await storage.deletePrefix(keyPrefix);
    let handedOver: () => void = () => {};
    const reachedRunner = new Promise<void>((resolve) => (handedOver = resolve));
    const ingesting = ingestPdf({
      bytes: bytes as Buffer,
      storage,
      keyPrefix,
      // Resolves once the PDF is posted to the runner's thread: laying out the next report
      // blocks this thread, so it must not start before the runner has its work.
      runner: {
        renderPage: (pdf, pageNo, width) => runner.renderPage(pdf, pageNo, width),
        pageLayout: (pdf, pageNo) => runner.pageLayout(pdf, pageNo),
        process: (pdf, options, onPage) => {
          const processing = runner.process(pdf, options, onPage);
          handedOver();
          return processing;
        },
      },
      eagerPageImages: input.eagerPageImages ?? 0,
    });
    await Promise.race([
      reachedRunner,
      ingesting.then(
        () => undefined,
        () => undefined,
      ),
    ]);
    const next = specs[i + 1];
    const [files, nextBytes] = await Promise.all([ingesting, next ? generateReportPdf(next) : undefined]);
    results.push({ spec, files });
    bytes = nextBytes;
  }
  return results;
}
