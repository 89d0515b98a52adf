import { stat } from 'node:fs/promises';
import type { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { startWorker } from '../search/ts-worker.ts';

export type CheckpointWorkerData = { file: string; intervalMs: number; idleMs: number; limitBytes: number };
export type CheckpointMode = 'PASSIVE' | 'RESTART' | 'TRUNCATE';
export type ToCheckpointer = { type: 'close' };
export type CheckpointReport =
  | { type: 'ready' }
  | {
      type: 'checkpoint';
      mode: CheckpointMode;
      ms: number;
      /** Frames in the WAL and how many of them are now in the database file. */
      frames: number;
      copied: number;
      busy: boolean;
    };

export type CheckpointOptions = {
  /** How often the thread looks at the WAL (default 250 ms). */
  intervalMs?: number;
  /** A WAL untouched this long is emptied with TRUNCATE (default 2 s). */
  idleMs?: number;
  /**
   * The thread starts once the WAL reaches this size (default 4 MiB, SQLite's own
   * auto-checkpoint point): a process that writes little — most tests, a short script — never
   * pays for a thread, and its WAL stays below this until the connection closes.
   */
  startBytes?: number;
  /**
   * WAL frames past this size make the thread force the WAL to start over (default 64 MiB);
   * past twice this, a commit checkpoints the WAL itself (backstopPages).
   */
  limitBytes?: number;
};

/**
 * The connection's own auto-checkpoint, in pages: twice the thread's limit. The thread runs at
 * a lower priority (background-priority.ts), and on a machine whose cores are all busy it may
 * not get one for a second or more while commits go on; a commit that finds the WAL this large
 * then checkpoints it itself (PASSIVE, inside the call, as SQLite does by default), so the WAL
 * stays bounded however the thread is scheduled (CI once saw 13 MB past a 1 MiB limit). While
 * the thread keeps up, the WAL never gets there and commits never checkpoint.
 */
function backstopPages(connection: SQLite.Database, limitBytes: number): number {
  const pageBytes = connection.pragma('page_size', { simple: true }) as number;
  return Math.max(1, Math.ceil((2 * limitBytes) / pageBytes));
}

/** SQLite's default auto-checkpoint (pages), put back if the thread cannot run. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;
const CLOSE_TIMEOUT_MS = 5000;

/** What the thread has done so far (the feeds bench prints it; tests read it). */
export type CheckpointStats = {
  checkpoints: number;
  /** RESTARTs forced by the WAL reaching limitBytes (each may have made a commit wait). */
  restarts: number;
  truncates: number;
  maxMs: number;
  totalMs: number;
};

/**
 * Runs the WAL checkpoints of one SQLite connection on a thread of its own (see
 * sqlite-checkpoint-worker.ts). The connection's auto-checkpoint is moved from 1,000 pages to
 * twice limitBytes (backstopPages), so its commits only append to the WAL; with the default a
 * commit that crossed 1,000 pages checkpointed inside the call — two fsyncs on the event loop.
 * Every process that opens the database runs one (cluster workers, scripts): concurrent
 * PASSIVE checkpoints are safe, one just finds the other busy.
 */
export class SqliteCheckpointer {
  readonly stats: CheckpointStats = { checkpoints: 0, restarts: 0, truncates: 0, maxMs: 0, totalMs: 0 };
  private worker: Worker | undefined;
  private exited: Promise<void> | undefined;
  private watch: NodeJS.Timeout | undefined;
  private closed = false;
  /** How the thread ended: 0 when it closed its connection and returned, 1 when terminated. */
  exitCode: number | undefined;
  private readonly data: CheckpointWorkerData;
  private readonly startBytes: number;

  constructor(
    private readonly connection: SQLite.Database,
    options: CheckpointOptions = {},
  ) {
    this.data = {
      file: connection.name,
      intervalMs: options.intervalMs ?? 250,
      idleMs: options.idleMs ?? 2000,
      limitBytes: options.limitBytes ?? 64 * 1024 * 1024,
    };
    this.startBytes = options.startBytes ?? 4 * 1024 * 1024;
    connection.pragma(`wal_autocheckpoint = ${backstopPages(connection, this.data.limitBytes)}`);
    if (this.startBytes <= 0) {
      this.start();
    } else {
      // fs.promises.stat runs on libuv's pool: watching costs the loop nothing measurable.
      this.watch = setInterval(() => void this.startWhenLarge(), this.data.intervalMs);
      this.watch.unref();
    }
  }

  /** The thread has opened its connection and checkpoints from now on. */
  ready = false;
  /** Whether the thread is running (started and not yet exited). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  private async startWhenLarge(): Promise<void> {
    const wal = await stat(`${this.data.file}-wal`).catch(() => undefined);
    if (wal && wal.size >= this.startBytes && !this.worker && !this.closed) {
      this.start();
    }
  }

  private start(): void {
    clearInterval(this.watch);
    this.watch = undefined;
    const worker = startWorker(new URL('./sqlite-checkpoint-worker.ts', import.meta.url), this.data);
    this.worker = worker;
    // An idle thread must not keep a finished script alive; close() stops it.
    worker.unref();
    worker.on('message', (report: CheckpointReport) => this.record(report));
    this.exited = new Promise((resolve) =>
      worker.once('exit', (code) => {
        this.exitCode = code;
        resolve();
      }),
    );
    worker.once('error', (error) => this.fallBack(error));
    worker.once('exit', (code) => {
      if (!this.closed && this.worker === worker) {
        this.fallBack(new Error(`exited with code ${code}`));
      }
    });
  }

  private record(report: CheckpointReport): void {
    if (report.type === 'ready') {
      this.ready = true;
      return;
    }
    this.stats.checkpoints++;
    this.stats.restarts += report.mode === 'RESTART' ? 1 : 0;
    this.stats.truncates += report.mode === 'TRUNCATE' && !report.busy ? 1 : 0;
    this.stats.maxMs = Math.max(this.stats.maxMs, report.ms);
    this.stats.totalMs += report.ms;
  }

  /** The thread failed: the connection checkpoints for itself again, as SQLite does by default. */
  private fallBack(error: Error): void {
    this.worker = undefined;
    this.ready = false;
    if (this.closed || !this.connection.open) {
      return;
    }
    process.emitWarning(
      `SQLite checkpoint thread stopped (${error.message}); commits checkpoint the WAL again`,
    );
    this.connection.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
  }

  /** Stops the thread (after the checkpoint it may be in) and closes its connection. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watch);
    const worker = this.worker;
    if (!worker) {
      return;
    }
    worker.postMessage({ type: 'close' } satisfies ToCheckpointer);
    const timeout = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
    await this.exited;
    clearTimeout(timeout);
    this.worker = undefined;
    this.ready = false;
  }
}
