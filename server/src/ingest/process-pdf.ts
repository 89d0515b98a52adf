import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TPageLayout } from '@portal/contract';
import { IngestError } from './ingest-error.ts';
import { pageLayout } from './page-layout.ts';
import { pageText } from './page-text.ts';
import { readOutline, type OutlineEntry } from './pdf-outline.ts';
import { openPdf, toIngestError } from './pdf-document.ts';
import { renderPage, renderSize, type RenderedImage } from './render-page.ts';

export type ProcessPdfOptions = {
  /** Cover PNG width in pixels. */
  coverWidth: number;
  /** Page image (JPEG) width in pixels. */
  pageImageWidth: number;
  /** Pages 1..n get their image now; later pages are rendered on first request. */
  eagerPageImages: number;
  /** More pages than this is refused. */
  maxPages: number;
};

export type ProcessedPage = {
  pageNo: number;
  text: string;
  /** Its text runs and where they are drawn, for marking words on the page image. */
  layout: TPageLayout;
  /** Size of the page image, rendered now or later. */
  width: number;
  height: number;
  image: RenderedImage | null;
};

export type ProcessedPdf = { pageCount: number; cover: RenderedImage; outline: OutlineEntry[] };

/** Receives each page as soon as it is done; the next page waits for it (backpressure). */
export type PageSink = (page: ProcessedPage) => Promise<void>;

/**
 * PDF bytes → text, sizes and images, one page at a time so memory stays at one page's
 * canvas however long the PDF. No storage and no I/O: it runs the same on the main thread
 * and in the PDF worker. pdf.js failures become `IngestError`s; a failure of `onPage` is
 * passed through unchanged.
 */
export async function processPdf(
  bytes: Uint8Array,
  options: ProcessPdfOptions,
  onPage: PageSink,
): Promise<ProcessedPdf> {
  const document = await openPdf(bytes);
  try {
    if (document.numPages > options.maxPages) {
      throw new IngestError('too_many_pages', `PDF页数超过上限（${options.maxPages}页），无法导入`);
    }
    let cover: RenderedImage | null = null;
    for (let pageNo = 1; pageNo <= document.numPages; pageNo++) {
      const page = await readPdf(() => document.getPage(pageNo));
      try {
        const { items } = await readPdf(() => page.getTextContent());
        const text = pageText(items);
        const layout = pageLayout(items, page.getViewport({ scale: 1 }));
        if (pageNo === 1) {
          cover = await readPdf(() => renderPage(page, options.coverWidth, 'png'));
        }
        const { width, height } = renderSize(page, options.pageImageWidth);
        const image =
          pageNo <= options.eagerPageImages
            ? await readPdf(() => renderPage(page, options.pageImageWidth, 'jpeg'))
            : null;
        await onPage({ pageNo, text, layout, width, height, image });
      } finally {
        page.cleanup();
      }
    }
    if (!cover) {
      throw new IngestError('corrupt');
    }
    return { pageCount: document.numPages, cover, outline: await readOutline(document) };
  } finally {
    await document.destroy();
  }
}

/** Runs `work` on page `pageNo` of a PDF; a page outside the PDF is a RangeError. */
async function onPdfPage<T>(
  bytes: Uint8Array,
  pageNo: number,
  work: (page: PDFPageProxy) => Promise<T>,
): Promise<T> {
  const document: PDFDocumentProxy = await openPdf(bytes);
  try {
    if (!Number.isInteger(pageNo) || pageNo < 1 || pageNo > document.numPages) {
      throw new RangeError(`page ${pageNo} is outside 1..${document.numPages}`);
    }
    const page: PDFPageProxy = await readPdf(() => document.getPage(pageNo));
    try {
      return await readPdf(() => work(page));
    } finally {
      page.cleanup();
    }
  } finally {
    await document.destroy();
  }
}

/** Renders one page image of a PDF (for page images rendered on first request). */
export function renderPdfPage(bytes: Uint8Array, pageNo: number, width: number): Promise<RenderedImage> {
  return onPdfPage(bytes, pageNo, (page) => renderPage(page, width, 'jpeg'));
}

/** One page's text layout (for reports ingested before layouts were stored). */
export function layoutPdfPage(bytes: Uint8Array, pageNo: number): Promise<TPageLayout> {
  return onPdfPage(bytes, pageNo, async (page) =>
    pageLayout((await page.getTextContent()).items, page.getViewport({ scale: 1 })),
  );
}

async function readPdf<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw toIngestError(error);
  }
}
