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
/** Chunks asked for or waiting to be written at most (memory: ~6 × CHUNK prepared documents). */
const MAX_QUEUED_CHUNKS = 6;

/**
 * Fills `index` with documents 0..n-1, through its public `upsertPrepared`. Generation and
 * jieba segmentation run in `threads` worker threads (both cores) while the main thread
 * writes, so the build rate is the whole pipeline's. Each worker has at most two chunks in
 * flight, so memory stays flat at any N. `writeSeconds` is the time with a write in flight;
 * `writerCpuSeconds` the main thread's CPU time (writes, receiving documents) and
 * `segmentCpuSeconds` the worker threads' (generation, segmentation): on a shared machine
 * they say what the build costs, where its wall time also holds the waits for a core.
 * `processCpuSeconds` is every thread of the process: it adds what runs beside both (the
 * SQLite checkpoint thread, V8's garbage-collection helpers), which the two cores share too.
 */
export async function buildIndex(
  index: SearchIndex,
  options: { n: number; seed: number; words: string[]; threads: number; onProgress?: (done: number) => void },
): Promise<{
  seconds: number;
  writeSeconds: number;
  writerCpuSeconds: number;
  segmentCpuSeconds: number;
  processCpuSeconds: number;
}> {
  const { n, seed, words } = options;
  const started = performance.now();
  const writerCpuAtStart = threadCpuSeconds();
  const processCpuAtStart = process.cpuUsage();
  const segmentCpu = new Map<unknown, number>();
  let writeSeconds = 0;
  let writingSince = 0;
  let next = 0;
  let done = 0;
  // The workers load the same user words: their documents carry the stamp of this thread's
  // registry (word-stamps.ts), so complete words are matched by their token alone.
  const dictId = await index.syncWords();
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
          for (const doc of docs) {
            doc.dictId = dictId;
          }
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
              refill();
            })
            .catch(reject);
        }
      };
      // Chunks asked of the segmentation threads but not yet written, per thread and in all: a
      // writer slower than segmentation (PostgreSQL's) would otherwise let prepared documents
      // pile up in memory until the heap ran out (2M documents did, at 4 GB).
      const asked = new Map<(typeof workers)[number], number>();
      const queued = () => [...asked.values()].reduce((sum, k) => sum + k, 0);
      const refill = () => {
        for (const worker of workers) {
          while (next < n && (asked.get(worker) ?? 0) < 2 && queued() + pending.length < MAX_QUEUED_CHUNKS) {
            const from = next;
            next = Math.min(n, next + CHUNK);
            asked.set(worker, (asked.get(worker) ?? 0) + 1);
            worker.postMessage({ from, to: next } satisfies SegmentRequest);
          }
        }
      };
      for (const worker of workers) {
        worker.on('error', reject);
        worker.on('message', ({ docs, cpuSeconds }: SegmentReply) => {
          segmentCpu.set(worker, cpuSeconds);
          asked.set(worker, (asked.get(worker) ?? 1) - 1);
          pending.push(docs);
          pump();
          refill();
        });
      }
      refill();
      if (n === 0) {
        resolve();
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  // Index work a bulk load leaves for its end (SQLite fills its recent table) is part of the build.
  const settling = performance.now();
  await index.settle?.();
  writeSeconds += (performance.now() - settling) / 1000;
  return {
    seconds: (performance.now() - started) / 1000,
    writeSeconds,
    writerCpuSeconds: threadCpuSeconds() - writerCpuAtStart,
    segmentCpuSeconds: [...segmentCpu.values()].reduce((a, b) => a + b, 0),
    processCpuSeconds: cpuUsageSeconds(process.cpuUsage(processCpuAtStart)),
  };
}

function cpuUsageSeconds({ user, system }: NodeJS.CpuUsage): number {
  return (user + system) / 1e6;
}
