import { readFileSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { startWorker } from '../../search/ts-worker.ts';

/** Field 19 of /proc/thread-self/stat is the thread's nice value. */
function niceOfThisThread(): number {
  const stat = readFileSync('/proc/thread-self/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

describe.runIf(process.platform === 'linux')('lowerThisThreadsPriority', () => {
  it('makes the calling worker thread nice 10 and leaves the event loop thread alone', async () => {
    const before = niceOfThisThread();
    const worker: Worker = startWorker(new URL('./background-priority.fixture.ts', import.meta.url), null);
    const niceInWorker = await new Promise<number>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(niceInWorker).toBe(Math.max(before, 10));
    expect(niceOfThisThread()).toBe(before);
  });
});
