import { drawDemoImage } from '../demo/content/demo-image.ts';
import type { PdfRunner } from './pdf-runner.ts';
import { layoutPdfPage, processPdf, renderPdfPage } from './process-pdf.ts';

/**
 * Runs PDF work on the calling thread. For tests and one-off scripts only: it loads pdf.js into
 * this thread, which patches built-ins such as JSON.stringify (see README.md), and parsing and
 * rendering block the event loop.
 */
export const inlinePdfRunner: PdfRunner = {
  process: processPdf,
  renderPage: renderPdfPage,
  pageLayout: layoutPdfPage,
  drawDemoImage,
};
