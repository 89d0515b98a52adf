import type { Storage } from '../platform/storage/storage.ts';
import { measuredPdfRunner } from '../platform/metrics/ingest-metrics.ts';
import { layoutBytes, LAYOUT_TYPE } from './ingest-pdf.ts';
import type { PdfRunner } from './pdf-runner.ts';
import { sharedPdfWorker } from './pdf-worker-runner.ts';
import { pageLayoutKeyOf, prefixOfPdfKey } from './report-keys.ts';
import { onceAtATime } from './render-page-image.ts';

/**
 * The storage key of page `pageNo`'s text layout, reading it from the PDF and storing it first
 * when the report was ingested before layouts were stored. Returns null when there is no such
 * PDF or page. The layout is the one ingest makes now (same key, same JSON).
 */
export async function renderPageLayout(
  storage: Storage,
  pdfKey: string,
  pageNo: number,
  runner?: PdfRunner,
): Promise<string | null> {
  if (!Number.isInteger(pageNo) || pageNo < 1) {
    return null;
  }
  const key = pageLayoutKeyOf(prefixOfPdfKey(pdfKey), pageNo);
  if (await storage.exists(key)) {
    return key;
  }
  return onceAtATime(key, async () => {
    const pdf = await storage.get(pdfKey);
    if (!pdf) {
      return null;
    }
    try {
      const layout = await measuredPdfRunner(runner ?? sharedPdfWorker()).pageLayout(pdf, pageNo);
      await storage.put(key, layoutBytes(layout), LAYOUT_TYPE);
      return key;
    } catch (error) {
      if (error instanceof RangeError) {
        return null;
      } // no such page
      throw error;
    }
  });
}
