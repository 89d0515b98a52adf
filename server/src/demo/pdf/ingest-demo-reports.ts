import { ingestPdf, type IngestedPdf } from '../../ingest/ingest-pdf.ts';
import type { PdfRunner } from '../../ingest/pdf-runner.ts';
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
 * Generates the demo report PDFs and ingests them, one after the other, for the demo seed.
 * A prefix left by an interrupted earlier run is cleared first: demo prefixes belong to the
 * seed alone.
 */
export async function ingestDemoReports(input: IngestDemoReportsInput): Promise<DemoReportFiles[]> {
  const { storage } = input;
  const keyPrefixFor = input.keyPrefixFor ?? ((spec: DemoReportSpec) => `demo/reports/${spec.slug}`);
  const results: DemoReportFiles[] = [];
  for (const spec of demoReportSpecs({ now: input.now, count: input.count })) {
    const bytes = await generateReportPdf(spec);
    const keyPrefix = keyPrefixFor(spec);
    await storage.deletePrefix(keyPrefix);
    const files = await ingestPdf({
      bytes,
      storage,
      keyPrefix,
      runner: input.runner,
      eagerPageImages: input.eagerPageImages ?? 0,
    });
    results.push({ spec, files });
  }
  return results;
}
