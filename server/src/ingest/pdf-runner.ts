import type { PageSink, ProcessedPdf, ProcessPdfOptions } from './process-pdf.ts';
import type { RenderedImage } from './render-page.ts';

/**
 * Where PDF work runs: `PdfWorkerRunner` (the server's choice) runs it in a worker thread,
 * `inlinePdfRunner` on the calling thread (tests and scripts only). Type-only imports keep
 * pdf.js out of any module that only needs this type.
 */
export type PdfRunner = {
  process(bytes: Uint8Array, options: ProcessPdfOptions, onPage: PageSink): Promise<ProcessedPdf>;
  renderPage(bytes: Uint8Array, pageNo: number, width: number): Promise<RenderedImage>;
};
