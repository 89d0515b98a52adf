import type { TPageLayout } from '@portal/contract';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../search/ts-worker.ts';
import { IngestError } from './ingest-error.ts';
import type { PdfRunner } from './pdf-runner.ts';
import type { DemoImage } from '../demo/content/demo-image.ts';
import type { FromWorker, JobRequest, ToWorker } from './pdf-worker-protocol.ts';
import type { PageSink, ProcessedPdf, ProcessPdfOptions } from './process-pdf.ts';
import type { RenderedImage } from './render-page.ts';

export type PdfWorkerOptions = {
  /** A job running longer than this is stopped (the worker is killed) and fails with `timeout`. */
  jobTimeoutMs?: number;
  /** An idle worker is stopped after this long, giving back pdf.js's and the canvas's memory. */
  idleTimeoutMs?: number;
  /** V8 heap limit of the worker: a PDF that needs more fails instead of taking the server down. */
  maxHeapMb?: number;
};

// Under tsx (dev, tests) the TypeScript entry, started through tsx's hooks; the build rewrites
// this URL to the compiled server/dist/pdf-worker.js (server/scripts/build.mjs).
const WORKER_URL = new URL('./pdf-worker.ts', import.meta.url);

type Final = Extract<FromWorker, { type: 'processed' | 'rendered' | 'laid-out' | 'drawn' }>;

/**
 * Runs PDF jobs in one worker thread, one job at a time: parsing and rendering take ~10–100 ms
 * per page of synchronous work (pdf.js runs its own "worker" on the calling thread in Node),
 * which would stall every other request if it ran on the event loop. One worker bounds the
 * CPU and memory PDF work can take, whatever the number of uploads; jobs queue behind it.
 */
export class PdfWorkerRunner implements PdfRunner {
  private worker: Worker | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private lastId = 0;
  private idleTimer: NodeJS.Timeout | null = null;
  private readonly jobTimeoutMs: number;
  private readonly idleTimeoutMs: number;
  private readonly maxHeapMb: number;

  constructor(options: PdfWorkerOptions = {}) {
    this.jobTimeoutMs = options.jobTimeoutMs ?? 120_000;
    this.idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
    this.maxHeapMb = options.maxHeapMb ?? 1024;
  }

  async process(bytes: Uint8Array, options: ProcessPdfOptions, onPage: PageSink): Promise<ProcessedPdf> {
    const reply = await this.enqueue({ type: 'process', bytes, options }, onPage);
    if (reply.type !== 'processed') {
      throw new Error(`unexpected PDF worker reply ${reply.type}`);
    }
    return reply.result;
  }

  async renderPage(bytes: Uint8Array, pageNo: number, width: number): Promise<RenderedImage> {
    const reply = await this.enqueue({ type: 'render', bytes, pageNo, width });
    if (reply.type !== 'rendered') {
      throw new Error(`unexpected PDF worker reply ${reply.type}`);
    }
    return reply.image;
  }

  async pageLayout(bytes: Uint8Array, pageNo: number): Promise<TPageLayout> {
    const reply = await this.enqueue({ type: 'layout', bytes, pageNo });
    if (reply.type !== 'laid-out') {
      throw new Error(`unexpected PDF worker reply ${reply.type}`);
    }
    return reply.layout;
  }

  async drawDemoImage(image: DemoImage): Promise<Uint8Array> {
    const reply = await this.enqueue({ type: 'draw', image });
    if (reply.type !== 'drawn') {
      throw new Error(`unexpected PDF worker reply ${reply.type}`);
    }
    return reply.bytes;
  }

  /** Stops the worker; a later job starts a new one. */
  async close(): Promise<void> {
    this.clearIdleTimer();
    const worker = this.worker;
    this.worker = null;
    if (worker) {
      await worker.terminate();
    }
  }

  private enqueue(request: JobRequest, onPage?: PageSink): Promise<Final> {
    const job = this.queue.then(() => this.call(request, onPage));
    this.queue = job.catch(() => undefined);
    return job;
  }

  private call(request: JobRequest, onPage?: PageSink): Promise<Final> {
    const worker = this.start();
    const id = ++this.lastId;
    return new Promise<Final>((resolve, reject) => {
      let settled = false;
      // Pages are stored one after another, in order; the job ends only after the last
      // store has finished, so a caller cleaning up after a failure races no write.
      let sinks: Promise<void> = Promise.resolve();
      let sinkFailed = false;
      const finish = (error: unknown, reply?: Final) => {
        if (settled) {
          return;
        }
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        this.becomeIdle();
        if (reply) {
          resolve(reply);
        } else {
          reject(error);
        }
      };
      const finishAfterSinks = (error: unknown, reply?: Final) => {
        void sinks.then(() => finish(error, reply));
      };
      const send = (message: ToWorker) => worker.postMessage(message);
      const onMessage = (message: FromWorker) => {
        if (message.id !== id) {
          return;
        }
        if (message.type === 'page') {
          sinks = sinks.then(async () => {
            if (sinkFailed || settled) {
              return;
            }
            try {
              if (!onPage) {
                throw new Error('PDF worker sent a page for a render job');
              }
              await onPage(message.page);
              send({ type: 'ack', id, ok: true });
            } catch (error) {
              sinkFailed = true;
              send({ type: 'ack', id, ok: false });
              finish(error);
            }
          });
        } else if (message.type === 'failed') {
          finishAfterSinks(workerError(message));
        } else {
          finishAfterSinks(null, message);
        }
      };
      const onError = (error: Error & { code?: string }) => {
        this.forget(worker);
        finishAfterSinks(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new IngestError('too_large', undefined, { cause: error })
            : error,
        );
      };
      const onExit = (code: number) => {
        this.forget(worker);
        finishAfterSinks(new Error(`PDF worker exited with code ${code}`));
      };
      const timer = setTimeout(() => {
        this.forget(worker);
        void worker.terminate();
        finishAfterSinks(new IngestError('timeout'));
      }, this.jobTimeoutMs);
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      send({ ...request, id });
    });
  }

  private start(): Worker {
    this.clearIdleTimer();
    if (!this.worker) {
      this.worker = startWorker(WORKER_URL, undefined, {
        resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb },
      });
    }
    // Keeps the process alive while a job runs (a CLI awaiting an import must not exit).
    this.worker.ref();
    return this.worker;
  }

  private becomeIdle(): void {
    const worker = this.worker;
    if (!worker) {
      return;
    }
    worker.unref();
    this.clearIdleTimer();
    this.idleTimer = setTimeout(() => {
      if (this.worker === worker) {
        this.worker = null;
        void worker.terminate();
      }
    }, this.idleTimeoutMs);
    this.idleTimer.unref();
  }

  private forget(worker: Worker): void {
    if (this.worker === worker) {
      this.worker = null;
    }
  }

  private clearIdleTimer(): void {
    if (this.idleTimer) {
      clearTimeout(this.idleTimer);
    }
    this.idleTimer = null;
  }
}

function workerError(message: Extract<FromWorker, { type: 'failed' }>): Error {
  if (message.reason) {
    return new IngestError(message.reason, message.message);
  }
  return message.kind === 'range' ? new RangeError(message.message) : new Error(message.message);
}

let shared: PdfWorkerRunner | undefined;

/** The process-wide PDF worker: every upload, import and page render queues on it. */
export function sharedPdfWorker(): PdfWorkerRunner {
  shared ??= new PdfWorkerRunner();
  return shared;
}
