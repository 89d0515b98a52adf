import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { FeedFetchError } from '../../platform/feed-fetch/feed-fetch-error.ts';
import { loadedUserWords } from '../../search/segmenter.ts';
import { startWorker } from '../../search/ts-worker.ts';
import { FEED_TEXT, type ParsedFeed, type ParseJob, type ReadyItem } from './feed-parse.ts';

/** `dictId`: the word-registry stamp `userWords` cover (search/word-stamps.ts), given to each search document. */
export type ToParser = { id: number; job: ParseJob; userWords: string[]; dictId: number };
export type FromParser =
  | { type: 'ready' }
  | { type: 'items'; id: number; items: ReadyItem[] }
  | { type: 'done'; id: number; parsed: ParsedFeed }
  | { type: 'failed'; id: number; notAFeed: boolean; message: string };

export type FeedParsePoolOptions = {
  /** Threads; default one per core beyond the event loop's, at least one and at most two. */
  size?: number;
  /** A feed taking longer than this to parse fails with 解析超时 (its thread is stopped and replaced). */
  jobTimeoutMs?: number;
  /** V8 heap limit per thread: a feed that needs more fails with 解析失败 instead of taking the server down. */
  maxHeapMb?: number;
  /** An idle thread is stopped after this long, giving back jieba's and the parser's memory. */
  idleTimeoutMs?: number;
  /** The thread's module (tests: one that crashes on purpose); default feed-parse-worker.ts. */
  workerUrl?: URL;
  /**
   * The search index's word stamp (`SearchIndex.syncWords`): every registered user word up to
   * it is loaded here, so the thread, given those words, segments under it. Without it the
   * documents carry none (-1) and keep every user word on its bigram phrase.
   */
  wordStamp?: () => Promise<number>;
};

// Under tsx (dev, tests, bench) the TypeScript entry; the build rewrites this URL to the
// compiled server/dist/feed-parse-worker.js (server/scripts/build.mjs).
const WORKER_URL = new URL('./feed-parse-worker.ts', import.meta.url);

/** A thread and its start: `ready` settles once it has loaded its modules and dictionaries. */
type Slot = {
  worker: Worker | null;
  ready: Promise<Worker> | null;
  busy: boolean;
  idleTimer: NodeJS.Timeout | null;
};
/** Receives a job's items in order, in batches, while the thread goes on cleaning the rest. */
export type ItemSink = (items: ReadyItem[]) => void;
type Pending = {
  job: ParseJob;
  sink: ItemSink;
  resolve: (parsed: ParsedFeed) => void;
  reject: (error: unknown) => void;
};

/**
 * Parses fetched feeds in worker threads: decoding, XML parsing, sanitising, hashing and jieba
 * cost ~1 ms per item of synchronous work, which held the event loop for up to a second when
 * 100 sources were polled (root README, "Performance"). One job per thread at a time, jobs
 * queue; a thread that crashes or overruns is replaced and only its job fails, as that
 * source's error.
 */
export class FeedParsePool {
  private readonly slots: Slot[];
  private readonly queue: Pending[] = [];
  private lastId = 0;
  private closed = false;
  private readonly jobTimeoutMs: number;
  private readonly maxHeapMb: number;
  private readonly idleTimeoutMs: number;
  private readonly workerUrl: URL;
  private readonly wordStamp: () => Promise<number>;

  constructor(options: FeedParsePoolOptions = {}) {
    const size = options.size ?? Math.min(2, Math.max(1, availableParallelism() - 1));
    this.slots = Array.from({ length: Math.max(1, size) }, () => ({
      worker: null,
      ready: null,
      busy: false,
      idleTimer: null,
    }));
    this.jobTimeoutMs = options.jobTimeoutMs ?? 60_000;
    this.maxHeapMb = options.maxHeapMb ?? 512;
    this.idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
    this.workerUrl = options.workerUrl ?? WORKER_URL;
    this.wordStamp = options.wordStamp ?? (async () => -1);
  }

  /**
   * Parses `job` in a thread; its items go to `sink` as they are ready. Resolves once all are
   * handed over; on a fault (not a feed, 解析超时, 解析失败) items already handed over stay so.
   */
  parse(job: ParseJob, sink: ItemSink): Promise<ParsedFeed> {
    if (this.closed) {
      return Promise.reject(new Error('feed parser pool is closed'));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ job, sink, resolve, reject });
      this.pump();
    });
  }

  /** Stops every thread; queued jobs fail. A closed pool takes no more jobs. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) {
      pending.reject(new Error('feed parser pool is closed'));
    }
    await Promise.all(
      this.slots.map(async (slot) => {
        this.clearIdle(slot);
        const worker = slot.worker;
        slot.worker = null;
        slot.ready = null;
        await worker?.terminate();
      }),
    );
  }

  private pump(): void {
    for (const slot of this.slots) {
      const next = slot.busy ? undefined : this.queue.shift();
      if (next) {
        void this.run(slot, next);
      }
    }
  }

  private async run(slot: Slot, pending: Pending): Promise<void> {
    slot.busy = true;
    try {
      pending.resolve(await this.call(slot, pending.job, pending.sink));
    } catch (error) {
      pending.reject(error);
    } finally {
      slot.busy = false;
      this.becomeIdle(slot);
      this.pump();
    }
  }

  private async call(slot: Slot, job: ParseJob, sink: ItemSink): Promise<ParsedFeed> {
    const worker = await this.start(slot);
    // The stamp first: the words read after it include every word it covers.
    const dictId = await this.wordStamp();
    const id = ++this.lastId;
    return new Promise<ParsedFeed>((resolve, reject) => {
      const finish = (error: unknown, parsed?: ParsedFeed) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (parsed) {
          resolve(parsed);
        } else {
          reject(error);
        }
      };
      const lose = () => this.lose(slot, worker);
      const onMessage = (message: FromParser) => {
        if (message.type === 'ready' || message.id !== id) {
          return;
        }
        if (message.type === 'items') {
          sink(message.items);
        } else if (message.type === 'done') {
          finish(null, message.parsed);
        } else if (message.notAFeed) {
          finish(new FeedFetchError(FEED_TEXT.notAFeed, 'format'));
        } else {
          finish(new Error(`feed parser failed: ${message.message}`));
        }
      };
      const onError = (error: Error) => {
        lose();
        finish(new FeedFetchError(FEED_TEXT.parseCrashed, 'format', { cause: error }));
      };
      const onExit = (code: number) => {
        lose();
        finish(new FeedFetchError(FEED_TEXT.parseCrashed, 'format', { cause: new Error(`exit ${code}`) }));
      };
      const timer = setTimeout(() => {
        lose();
        void worker.terminate();
        finish(new FeedFetchError(FEED_TEXT.parseTimeout, 'timeout'));
      }, this.jobTimeoutMs);
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      const message: ToParser = { id, job, userWords: loadedUserWords(), dictId };
      worker.postMessage(message);
    });
  }

  /** The slot's thread, started if needed; a thread that dies while starting fails the job as 解析失败. */
  private start(slot: Slot): Promise<Worker> {
    this.clearIdle(slot);
    if (!slot.worker || !slot.ready) {
      const worker = startWorker(this.workerUrl, undefined, {
        resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb },
      });
      slot.worker = worker;
      // A thread that dies between jobs is forgotten, so the next job does not wait on it.
      worker.once('exit', () => this.lose(slot, worker));
      slot.ready = new Promise<Worker>((resolve, reject) => {
        const done = (error: unknown) => {
          worker.off('message', onMessage).off('error', done).off('exit', done);
          if (error === null) {
            resolve(worker);
          } else {
            this.lose(slot, worker);
            reject(new FeedFetchError(FEED_TEXT.parseCrashed, 'format', { cause: error }));
          }
        };
        const onMessage = (message: FromParser) => {
          if (message.type === 'ready') {
            done(null);
          }
        };
        worker.on('message', onMessage).on('error', done).on('exit', done);
      });
    }
    // Keeps the process alive while a job runs (`npm run feeds -- --once` awaits its polls).
    slot.worker.ref();
    return slot.ready;
  }

  /** Forgets a thread that died or was stopped: the slot's next job starts a new one. */
  private lose(slot: Slot, worker: Worker): void {
    if (slot.worker === worker) {
      slot.worker = null;
      slot.ready = null;
    }
  }

  private becomeIdle(slot: Slot): void {
    const worker = slot.worker;
    if (!worker) {
      return;
    }
    worker.unref();
    this.clearIdle(slot);
    slot.idleTimer = setTimeout(() => {
      if (slot.worker === worker && !slot.busy) {
        this.lose(slot, worker);
        void worker.terminate();
      }
    }, this.idleTimeoutMs);
    slot.idleTimer.unref();
  }

  private clearIdle(slot: Slot): void {
    if (slot.idleTimer) {
      clearTimeout(slot.idleTimer);
    }
    slot.idleTimer = null;
  }
}
