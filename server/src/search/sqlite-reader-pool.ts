import type { Worker } from 'node:worker_threads';
import type { SearchPlan } from './search-plan.ts';
import type { SearchResult } from './search.types.ts';
import { startWorker } from './ts-worker.ts';

export type ReaderWorkerData = { file: string; product: string; cacheEntries: number };
export type ReaderRequest = { id: number; plan: SearchPlan };
export type ReaderResponse = { id: number; result: SearchResult } | { id: number; error: string };

const MAX_FAILURES = 3;

type Job = { id: number; plan: SearchPlan; resolve: (r: SearchResult) => void; reject: (e: Error) => void };
type Slot = { worker: Worker; job: Job | undefined };

/**
 * A few reader threads for SQLite searches. better-sqlite3 is synchronous and a relevance
 * query at 1M documents takes 10–30 ms, which on the main thread would stall every other
 * request. Each thread takes one query at a time; the rest wait in a FIFO queue. A thread
 * that dies fails its query and is replaced.
 */
export class SqliteReaderPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** Deaths since the last answer; a worker that cannot even start must not respawn forever. */
  private failures = 0;
  private broken: Error | undefined;

  constructor(
    private readonly data: ReaderWorkerData,
    size: number,
  ) {
    for (let i = 0; i < size; i++) {
      this.slots.push(this.spawn());
    }
  }

  private spawn(): Slot {
    const worker = startWorker(new URL('./sqlite-reader-worker.ts', import.meta.url), this.data);
    const slot: Slot = { worker, job: undefined };
    worker.on('message', (response: ReaderResponse) => {
      const job = slot.job;
      slot.job = undefined;
      this.failures = 0;
      if (job && job.id === response.id) {
        if ('error' in response) {
          job.reject(new Error(`search reader: ${response.error}`));
        } else {
          job.resolve(response.result);
        }
      }
      this.dispatch();
    });
    worker.on('error', (error) => this.replace(slot, error));
    worker.on('exit', (code) => {
      if (!this.closed) {
        this.replace(slot, new Error(`search reader exited with code ${code}`));
      }
    });
    // An idle pool must not keep the process alive.
    worker.unref();
    return slot;
  }

  private replace(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index === -1 || this.closed) {
      return;
    }
    slot.job?.reject(error);
    slot.job = undefined;
    void slot.worker.terminate();
    if (++this.failures > MAX_FAILURES) {
      this.broken = error;
      this.slots.splice(index, 1);
      if (this.slots.length === 0) {
        for (const job of this.queue.splice(0)) {
          job.reject(error);
        }
      }
      return;
    }
    this.slots[index] = this.spawn();
    this.dispatch();
  }

  run(plan: SearchPlan): Promise<SearchResult> {
    if (this.closed) {
      return Promise.reject(new Error('search reader pool is closed'));
    }
    if (this.broken && this.slots.length === 0) {
      return Promise.reject(this.broken);
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, plan, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job) {
        continue;
      }
      const job = this.queue.shift();
      if (!job) {
        break;
      }
      slot.job = job;
      // Keep the process alive while a query is in flight.
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, plan: job.plan } satisfies ReaderRequest);
    }
    for (const slot of this.slots) {
      if (!slot.job) {
        slot.worker.unref();
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) {
      job.reject(new Error('search reader pool is closed'));
    }
    await Promise.all(
      this.slots.map(async (slot) => {
        slot.job?.reject(new Error('search reader pool is closed'));
        await slot.worker.terminate();
      }),
    );
  }
}
