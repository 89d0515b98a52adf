import type { TPageLayout } from '@portal/contract';
import type { Storage } from '../platform/storage/storage.ts';
import { IngestError } from './ingest-error.ts';
import { checkPdfBytes } from './pdf-bytes.ts';
import type { PdfRunner } from './pdf-runner.ts';
import { sharedPdfWorker } from './pdf-worker-runner.ts';
import { measuredPdfRunner } from '../platform/metrics/ingest-metrics.ts';
import type { OutlineEntry } from './pdf-outline.ts';
import { coverKeyOf, pageImageKeyOf, pageLayoutKeyOf, pageLayoutsKeyOf, pdfKeyOf } from './report-keys.ts';

export const INGEST_DEFAULTS = {
  coverWidth: 600,
  pageImageWidth: 1000,
  /** Page images rendered at ingest; pages after these are rendered on first request. */
  eagerPageImages: 200,
  maxPages: 2000,
  maxBytes: 200 * 1024 * 1024,
} as const;

export type IngestPdfInput = {
  bytes: Uint8Array;
  storage: Storage;
  /** A folder no one else writes to, e.g. `reports/42/<upload id>`; it must be empty. */
  keyPrefix: string;
  coverWidth?: number;
  pageImageWidth?: number;
  eagerPageImages?: number;
  maxPages?: number;
  maxBytes?: number;
  /** Defaults to the process's shared PDF worker thread. */
  runner?: PdfRunner;
};

export const LAYOUT_TYPE = 'application/json';

/** A page's text layout as stored (GET /files serves it to the phone reader as it is). */
export function layoutBytes(layout: TPageLayout): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(layout));
}

/** Every page's layout in page order, as stored in one file (contract `TPageLayouts`). */
export function layoutsBytes(pages: readonly TPageLayout[]): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ pages }));
}

export type StoredImage = { key: string; width: number; height: number };

export type IngestedPage = StoredImage & {
  pageNo: number;
  text: string;
  /** False when the image is rendered on first request (`renderPageImage`) instead of now. */
  rendered: boolean;
};

export type IngestedPdf = {
  pageCount: number;
  pdfKey: string;
  cover: StoredImage;
  pages: IngestedPage[];
  /** The PDF's outline (bookmarks), pages resolved; empty when it has none. */
  outline: OutlineEntry[];
};

/**
 * A PDF becomes a report's files: the original, a cover PNG, page images (JPEG), the text
 * of each page and each page's text layout (JSON beside its image, and all of them in
 * `pages/layouts.json`). Refuses what is not a PDF, is encrypted or broken with an `IngestError`
 * (Chinese message). All or nothing: on any failure everything written under `keyPrefix` is
 * deleted before the error is thrown, so a caller only has to record the result once it
 * returns (and delete the prefix itself if that recording fails).
 */
export async function ingestPdf(input: IngestPdfInput): Promise<IngestedPdf> {
  const { bytes, storage, keyPrefix } = input;
  const maxBytes = input.maxBytes ?? INGEST_DEFAULTS.maxBytes;
  if (bytes.byteLength > maxBytes) {
    throw new IngestError(
      'too_large',
      `PDF文件过大（超过${Math.floor(maxBytes / 1024 / 1024)}MB），无法导入`,
    );
  }
  checkPdfBytes(bytes);
  // Cleanup deletes the whole prefix, so it must not hold anyone else's files.
  if ((await storage.list(keyPrefix)).length > 0) {
    throw new Error(`storage prefix ${keyPrefix} is not empty`);
  }

  const runner = measuredPdfRunner(input.runner ?? sharedPdfWorker());
  const pages: IngestedPage[] = [];
  const layouts: TPageLayout[] = [];
  try {
    const processed = await runner.process(
      bytes,
      {
        coverWidth: input.coverWidth ?? INGEST_DEFAULTS.coverWidth,
        pageImageWidth: input.pageImageWidth ?? INGEST_DEFAULTS.pageImageWidth,
        eagerPageImages: input.eagerPageImages ?? INGEST_DEFAULTS.eagerPageImages,
        maxPages: input.maxPages ?? INGEST_DEFAULTS.maxPages,
      },
      async (page) => {
        const key = pageImageKeyOf(keyPrefix, page.pageNo);
        if (page.image) {
          await storage.put(key, page.image.bytes, page.image.contentType);
        }
        await storage.put(pageLayoutKeyOf(keyPrefix, page.pageNo), layoutBytes(page.layout), LAYOUT_TYPE);
        layouts[page.pageNo - 1] = page.layout;
        pages.push({
          pageNo: page.pageNo,
          key,
          width: page.width,
          height: page.height,
          text: page.text,
          rendered: page.image !== null,
        });
      },
    );
    const cover = {
      key: coverKeyOf(keyPrefix),
      width: processed.cover.width,
      height: processed.cover.height,
    };
    await storage.put(cover.key, processed.cover.bytes, processed.cover.contentType);
    await storage.put(
      pageLayoutsKeyOf(keyPrefix),
      layoutsBytes(Array.from(layouts, (layout) => layout ?? { runs: [] })),
      LAYOUT_TYPE,
    );
    const pdfKey = pdfKeyOf(keyPrefix);
    await storage.put(pdfKey, bytes, 'application/pdf');
    return { pageCount: processed.pageCount, pdfKey, cover, pages, outline: processed.outline };
  } catch (error) {
    try {
      await storage.deletePrefix(keyPrefix);
    } catch (cleanupError) {
      throw new AggregateError(
        [error, cleanupError],
        `PDF ingest failed and ${keyPrefix} could not be cleaned up`,
        { cause: cleanupError },
      );
    }
    throw error;
  }
}
