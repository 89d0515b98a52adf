import { parentPort } from 'node:worker_threads';
import { IngestError } from './ingest-error.ts';
import type { FromWorker, ToWorker } from './pdf-worker-protocol.ts';
import { drawDemoImage } from '../demo/content/demo-image.ts';
import { layoutPdfPage, processPdf, renderPdfPage } from './process-pdf.ts';

// The worker thread's entry: started by PdfWorkerRunner (compiled, or through tsx's hooks).
// It runs one job at a time, as PdfWorkerRunner sends them.

const port = parentPort;
if (!port) {
  throw new Error('pdf-worker.ts must run in a worker thread');
}

/** Pages the runner may lag behind: rendering goes on while the main thread is busy. */
const WINDOW = 4;

/** Per job, the resolvers of pages sent but not yet acknowledged, oldest first. */
const acks = new Map<number, Array<(ok: boolean) => void>>();

/** The runner stopped waiting for this job (its page sink failed): stop rendering. */
class JobCancelled extends Error {}

const post = (message: FromWorker) => port.postMessage(message);

async function run(message: Exclude<ToWorker, { type: 'ack' }>): Promise<void> {
  const { id } = message;
  try {
    if (message.type === 'process') {
      const resolvers: Array<(ok: boolean) => void> = [];
      acks.set(id, resolvers);
      const unacknowledged: Promise<boolean>[] = [];
      const settle = async (ack: Promise<boolean> | undefined) => {
        if (ack && !(await ack)) {
          throw new JobCancelled();
        }
      };
      const result = await processPdf(message.bytes, message.options, async (page) => {
        unacknowledged.push(new Promise<boolean>((resolve) => resolvers.push(resolve)));
        post({ type: 'page', id, page });
        if (unacknowledged.length >= WINDOW) {
          await settle(unacknowledged.shift());
        }
      });
      // Every page is stored before the job counts as done.
      while (unacknowledged.length > 0) {
        await settle(unacknowledged.shift());
      }
      post({ type: 'processed', id, result });
    } else if (message.type === 'layout') {
      post({ type: 'laid-out', id, layout: await layoutPdfPage(message.bytes, message.pageNo) });
    } else if (message.type === 'draw') {
      post({ type: 'drawn', id, bytes: await drawDemoImage(message.image) });
    } else {
      post({
        type: 'rendered',
        id,
        image: await renderPdfPage(message.bytes, message.pageNo, message.width),
      });
    }
  } catch (error) {
    if (error instanceof JobCancelled) {
      return;
    }
    post({
      type: 'failed',
      id,
      reason: error instanceof IngestError ? error.reason : null,
      kind: error instanceof RangeError ? 'range' : 'other',
      message: error instanceof Error ? error.message : String(error),
    });
  } finally {
    acks.delete(id);
  }
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'ack') {
    acks.get(message.id)?.shift()?.(message.ok);
  } else {
    void run(message);
  }
});
