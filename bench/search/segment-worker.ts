import { parentPort, workerData } from 'node:worker_threads';
import type { PreparedDoc } from '../../server/src/search/search.types.ts';
import { prepareDoc } from '../../server/src/search/prepare-doc.ts';
import { loadUserWords } from '../../server/src/search/segmenter.ts';
import { makeDoc } from './corpus.ts';
import { threadCpuSeconds } from './stats.ts';

/** Generates and segments documents [from, to) on request; the main thread only writes. */
export type SegmentRequest = { from: number; to: number };
/** The documents, and this thread's CPU seconds so far (what generation and segmentation cost). */
export type SegmentReply = { docs: PreparedDoc[]; cpuSeconds: number };
const { n, seed, words } = workerData as { n: number; seed: number; words: string[] };
loadUserWords(words);
parentPort?.on('message', ({ from, to }: SegmentRequest) => {
  const docs: PreparedDoc[] = [];
  for (let i = from; i < to; i++) {
    docs.push(prepareDoc(makeDoc(i, n, seed)));
  }
  parentPort?.postMessage({ docs, cpuSeconds: threadCpuSeconds() } satisfies SegmentReply);
});
