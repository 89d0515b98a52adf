import { startWorker } from '../../server/src/search/ts-worker.ts';
import type { PreparedDoc, SearchIndex } from '../../server/src/search/search.types.ts';
import type { SegmentReply, SegmentRequest } from './segment-worker.ts';
import { threadCpuSeconds } from './stats.ts';

/** Documents per worker message and per `upsertPrepared` call (one transaction). */
const CHUNK = 5_000;
/**
 * Write calls in flight. SQLite writes synchronously, so this changes nothing there; on
 * PostgreSQL the engine builds the next batch's tsvector literals while the server inserts
 * the previous one (its advisory lock keeps the inserts one at a time).
 */
const WRITES_IN_FLIGHT = 2;

/**
 * Fills `index` with documents 0..n-1, through its public `upsertPrepared`. Generation and
 * jieba segmentation run in `threads` worker threads (both cores) while the main thread
 * writes, so the build rate is the whole pipeline's. Each worker has at most two chunks in
 * flight, so memory stays flat at any N. `writeSeconds` is the time with a write in flight;
 * `writerCpuSeconds` the main thread's CPU time (writes, receiving documents) and
 * `segmentCpuSeconds` the worker threads' (generation, segmentation): on a shared machine
 * they say what the build costs, where its wall time also holds the waits for a core.
 */
export async function buildIndex(
  index: SearchIndex,
  options: { n: number; seed: number; words: string[]; threads: number; onProgress?: (done: number) => void },
): Promise<{ seconds: number; writeSeconds: number; writerCpuSeconds: number; segmentCpuSeconds: number }> {
  const { n, seed, words } = options;
  const started = performance.now();
  const writerCpuAtStart = threadCpuSeconds();
  const segmentCpu = new Map<unknown, number>();
  let writeSeconds = 0;
  let writingSince = 0;
  let next = 0;
  let done = 0;
  const workers = Array.from({ length: options.threads }, () =>
    startWorker(new URL('./segment-worker.ts', import.meta.url), { n, seed, words }),
  );
  try {
    await new Promise<void>((resolve, reject) => {
      const pending: PreparedDoc[][] = [];
      let inFlight = 0;
      const pump = () => {
        while (inFlight < WRITES_IN_FLIGHT && pending.length > 0) {
          const docs = pending.shift() ?? [];
          if (inFlight++ === 0) {
            writingSince = performance.now();
          }
          index
            .upsertPrepared(docs)
            .then(() => {
              if (--inFlight === 0) {
                writeSeconds += (performance.now() - writingSince) / 1000;
              }
              done += docs.length;
              options.onProgress?.(done);
              if (done >= n) {
                resolve();
              }
              pump();
            })
            .catch(reject);
        }
      };
      const request = (worker: (typeof workers)[number]) => {
        if (next >= n) {
          return;
        }
        const from = next;
        next = Math.min(n, next + CHUNK);
        worker.postMessage({ from, to: next } satisfies SegmentRequest);
      };
      for (const worker of workers) {
        worker.on('error', reject);
        worker.on('message', ({ docs, cpuSeconds }: SegmentReply) => {
          segmentCpu.set(worker, cpuSeconds);
          request(worker);
          pending.push(docs);
          pump();
        });
        request(worker);
        request(worker);
      }
      if (n === 0) {
        resolve();
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return {
    seconds: (performance.now() - started) / 1000,
    writeSeconds,
    writerCpuSeconds: threadCpuSeconds() - writerCpuAtStart,
    segmentCpuSeconds: [...segmentCpu.values()].reduce((a, b) => a + b, 0),
  };
}
