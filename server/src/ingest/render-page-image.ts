import type { Storage } from '../platform/storage/storage.ts';
import { INGEST_DEFAULTS } from './ingest-pdf.ts';
import type { PdfRunner } from './pdf-runner.ts';
import { sharedPdfWorker } from './pdf-worker-runner.ts';
import { measuredPdfRunner } from '../platform/metrics/ingest-metrics.ts';
import { pageImageKeyOf, prefixOfPdfKey } from './report-keys.ts';

export type RenderPageImageOptions = { runner?: PdfRunner; pageImageWidth?: number };

// Two readers opening the same unrendered page at once share one render.
const inFlight = new Map<string, Promise<string | null>>();

/** Runs `make` for `key` unless a run for it is under way, whose result is then shared. */
export function onceAtATime(key: string, make: () => Promise<string | null>): Promise<string | null> {
  let pending = inFlight.get(key);
  if (!pending) {
    pending = make().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/**
 * The storage key of page `pageNo`'s image, rendering and storing it first if ingest left it
 * for later (pages after `eagerPageImages`, or all of them when that was 0). Returns null when
 * there is no such PDF or page. The rendered image is the one ingest would have made (same
 * width, same key), so callers need not care which pages were rendered when.
 */
export async function renderPageImage(
  storage: Storage,
  pdfKey: string,
  pageNo: number,
  options: RenderPageImageOptions = {},
): Promise<string | null> {
  if (!Number.isInteger(pageNo) || pageNo < 1) {
    return null;
  }
  const key = pageImageKeyOf(prefixOfPdfKey(pdfKey), pageNo);
  if (await storage.exists(key)) {
    return key;
  }
  return onceAtATime(key, () => render(storage, pdfKey, pageNo, key, options));
}

async function render(
  storage: Storage,
  pdfKey: string,
  pageNo: number,
  key: string,
  options: RenderPageImageOptions,
): Promise<string | null> {
  const pdf = await storage.get(pdfKey);
  if (!pdf) {
    return null;
  }
  const runner = measuredPdfRunner(options.runner ?? sharedPdfWorker());
  try {
    const image = await runner.renderPage(
      pdf,
      pageNo,
      options.pageImageWidth ?? INGEST_DEFAULTS.pageImageWidth,
    );
    await storage.put(key, image.bytes, image.contentType);
    return key;
  } catch (error) {
    if (error instanceof RangeError) {
      return null;
    } // no such page
    throw error;
  }
}
