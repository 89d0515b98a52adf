import type { TPageLayout } from '@portal/contract';
import type { DemoImage } from '../demo/content/demo-image.ts';
import type { PageSink, ProcessedPdf, ProcessPdfOptions } from './process-pdf.ts';
import type { RenderedImage } from './render-page.ts';

/**
 * Where PDF work runs: `PdfWorkerRunner` runs it in a worker thread (the server, its scripts and
 * the tests; `sharedPdfWorker()` is the process's one), `measuredPdfRunner` wraps one. No runner
 * works on the calling thread: that thread would load pdf.js's polyfills and a second
 * @napi-rs/canvas. Type-only imports keep pdf.js out of any module that only needs this type.
 *
 * The runner's thread is also the one that draws with @napi-rs/canvas (pdf.js renders through
 * it): demo posters and logos are drawn there too (`drawDemoImage`), so the addon is never live
 * in two threads. A runner that only wraps another (metrics) may leave it out.
 */
export type PdfRunner = {
  process(bytes: Uint8Array, options: ProcessPdfOptions, onPage: PageSink): Promise<ProcessedPdf>;
  renderPage(bytes: Uint8Array, pageNo: number, width: number): Promise<RenderedImage>;
  pageLayout(bytes: Uint8Array, pageNo: number): Promise<TPageLayout>;
  drawDemoImage?(image: DemoImage): Promise<Uint8Array>;
};

/** What the demo seed draws its images with: a runner that owns the canvas addon. */
export type DemoImageDrawer = Required<Pick<PdfRunner, 'drawDemoImage'>>;
