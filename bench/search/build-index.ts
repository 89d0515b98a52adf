import { startWorker } from '../../server/src/search/ts-worker.ts';
import type { PreparedDoc, SearchIndex } from '../../server/src/search/search.types.ts';
import type { SegmentRequest } from './segment-worker.ts';

const CHUNK = 1_000;

/**
 * Fills `index` with documents 0..n-1, through its public `upsertPrepared`. Generation and
 * jieba segmentation run in `threads` worker threads (both cores) while the main thread
 * writes, so the build rate is the whole pipeline's. Each worker has at most two chunks in
 * flight, so memory stays flat at any N.
 */
export async function buildIndex(
  index: SearchIndex,
  options: { n: number; seed: number; words: string[]; threads: number; onProgress?: (done: number) => void },
): Promise<{ seconds: number; writeSeconds: number }> {
  const { n, seed, words } = options;
  const started = performance.now();
  let writeSeconds = 0;
  let next = 0;
  let done = 0;
  const workers = Array.from({ length: options.threads }, () =>
    startWorker(new URL('./segment-worker.ts', import.meta.url), { n, seed, words }),
  );
  try {
    await new Promise<void>((resolve, reject) => {
      let writing = Promise.resolve();
      const request = (worker: (typeof workers)[number]) => {
        if (next >= n) {
          return false;
        }
        const from = next;
        next = Math.min(n, next + CHUNK);
        worker.postMessage({ from, to: next } satisfies SegmentRequest);
        return true;
      };
      for (const worker of workers) {
        worker.on('error', reject);
        worker.on('message', (docs: PreparedDoc[]) => {
          request(worker);
          writing = writing
            .then(async () => {
              const t = performance.now();
              await index.upsertPrepared(docs);
              writeSeconds += (performance.now() - t) / 1000;
              done += docs.length;
              options.onProgress?.(done);
              if (done >= n) {
                resolve();
              }
            })
            .catch(reject);
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
  return { seconds: (performance.now() - started) / 1000, writeSeconds };
}
