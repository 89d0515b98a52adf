import type { Storage } from '../platform/storage/storage.ts';
import { parsePageLayout, type TPageLayout } from '@portal/contract';
import { INGEST_DEFAULTS, layoutBytes, layoutsBytes, LAYOUT_TYPE } from './ingest-pdf.ts';
import type { PdfRunner } from './pdf-runner.ts';
import { sharedPdfWorker } from './pdf-worker-runner.ts';
import { measuredPdfRunner } from '../platform/metrics/ingest-metrics.ts';
import { pageImageKeyOf, pageLayoutKeyOf, pageLayoutsKeyOf, prefixOfPdfKey } from './report-keys.ts';

export type RenderPageImageOptions = { runner?: PdfRunner; pageImageWidth?: number };

type PageFile = { bytes: Uint8Array; contentType: string };

// Two readers opening the same missing page file at once share one making of it.
const inFlight = new Map<string, Promise<string | null>>();

/**
 * The storage key of one of page `pageNo`'s files (`keyOf`), making it from the PDF in the PDF
 * worker and storing it first when it is missing. Returns null when there is no such PDF or
 * page. What is made is what ingest makes (same key, same bytes), so callers need not care
 * which files ingest left for later.
 */
async function ensurePageFile(
  storage: Storage,
  pdfKey: string,
  pageNo: number,
  keyOf: (prefix: string, pageNo: number) => string,
  make: (pdf: Buffer) => Promise<PageFile>,
): Promise<string | null> {
  if (!Number.isInteger(pageNo) || pageNo < 1) {
    return null;
  }
  const key = keyOf(prefixOfPdfKey(pdfKey), pageNo);
  if (await storage.exists(key)) {
    return key;
  }
  let pending = inFlight.get(key);
  if (!pending) {
    pending = (async () => {
      const pdf = await storage.get(pdfKey);
      if (!pdf) {
        return null;
      }
      try {
        const file = await make(pdf);
        await storage.put(key, file.bytes, file.contentType);
        return key;
      } catch (error) {
        if (error instanceof RangeError) {
          return null;
        } // no such page
        throw error;
      }
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/**
 * Page `pageNo`'s image, rendered now if ingest left it for later (pages after
 * `eagerPageImages`, or all of them when that was 0).
 */
export function renderPageImage(
  storage: Storage,
  pdfKey: string,
  pageNo: number,
  options: RenderPageImageOptions = {},
): Promise<string | null> {
  const runner = measuredPdfRunner(options.runner ?? sharedPdfWorker());
  return ensurePageFile(storage, pdfKey, pageNo, pageImageKeyOf, (pdf) =>
    runner.renderPage(pdf, pageNo, options.pageImageWidth ?? INGEST_DEFAULTS.pageImageWidth),
  );
}

/** Page `pageNo`'s text layout, read now for a report ingested before layouts were stored. */
export function renderPageLayout(
  storage: Storage,
  pdfKey: string,
  pageNo: number,
  runner?: PdfRunner,
): Promise<string | null> {
  const measured = measuredPdfRunner(runner ?? sharedPdfWorker());
  return ensurePageFile(storage, pdfKey, pageNo, pageLayoutKeyOf, async (pdf) => ({
    bytes: layoutBytes(await measured.pageLayout(pdf, pageNo)),
    contentType: LAYOUT_TYPE,
  }));
}

/**
 * Every page's layout in one file, made now for a report ingested before ingest wrote it: each
 * page's own layout file (read from the PDF when missing, as above) in page order, up to the
 * first page the PDF does not have. Returns null when there is no such PDF. Two readers share one
 * making of it.
 */
export function renderPageLayouts(
  storage: Storage,
  pdfKey: string,
  runner?: PdfRunner,
): Promise<string | null> {
  const key = pageLayoutsKeyOf(prefixOfPdfKey(pdfKey));
  let pending = inFlight.get(key);
  if (!pending) {
    pending = (async () => {
      if (await storage.exists(key)) {
        return key;
      }
      const pages: TPageLayout[] = [];
      for (let pageNo = 1; pageNo <= INGEST_DEFAULTS.maxPages; pageNo++) {
        const pageKey = await renderPageLayout(storage, pdfKey, pageNo, runner);
        const bytes = pageKey === null ? null : await storage.get(pageKey);
        if (bytes === null) {
          break;
        }
        pages.push(parsePageLayout(JSON.parse(bytes.toString('utf8'))) ?? { runs: [] });
      }
      if (pages.length === 0) {
        return null;
      }
      await storage.put(key, layoutsBytes(pages), LAYOUT_TYPE);
      return key;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}
