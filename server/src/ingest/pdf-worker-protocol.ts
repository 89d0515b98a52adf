import type { TPageLayout } from '@portal/contract';
import type { DemoImage } from '../demo/content/demo-image.ts';
import type { IngestFailure } from './ingest-error.ts';
import type { ProcessedPage, ProcessedPdf, ProcessPdfOptions } from './process-pdf.ts';
import type { RenderedImage } from './render-page.ts';

/** Messages between `PdfWorkerRunner` and `pdf-worker.ts`; `id` ties them to one job. */
export type JobRequest =
  | { type: 'process'; bytes: Uint8Array; options: ProcessPdfOptions }
  | { type: 'render'; bytes: Uint8Array; pageNo: number; width: number }
  | { type: 'layout'; bytes: Uint8Array; pageNo: number }
  | { type: 'draw'; image: DemoImage };

export type ToWorker = (JobRequest & { id: number }) | { type: 'ack'; id: number; ok: boolean };

export type FromWorker =
  | { type: 'page'; id: number; page: ProcessedPage }
  | { type: 'processed'; id: number; result: ProcessedPdf }
  | { type: 'rendered'; id: number; image: RenderedImage }
  | { type: 'laid-out'; id: number; layout: TPageLayout }
  | { type: 'drawn'; id: number; bytes: Uint8Array }
  /** `reason` is set for an `IngestError`; `kind` keeps RangeError distinguishable. */
  | { type: 'failed'; id: number; reason: IngestFailure | null; kind: 'range' | 'other'; message: string };
