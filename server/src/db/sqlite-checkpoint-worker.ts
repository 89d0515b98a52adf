import { statSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { lowerThisThreadsPriority } from '../platform/threads/background-priority.ts';
import type {
  CheckpointMode,
  CheckpointReport,
  CheckpointWorkerData,
  ToCheckpointer,
} from './sqlite-checkpoint.ts';

/**
 * The checkpoint thread: its own connection to the portal's SQLite file, folding the WAL back
 * into the database so the connections that commit do not (their auto-checkpoint waits for a
 * WAL of twice `limitBytes`, a backstop for when this thread gets no core: sqlite-checkpoint.ts).
 * A checkpoint syncs the WAL and the database file to disk, which on a busy disk took 140 ms;
 * here that wait holds no event loop.
 *
 * Every tick it looks at the WAL file: grown or touched since the last look → a PASSIVE
 * checkpoint (copies what no reader still needs, never waits for anyone); the same for
 * `idleMs` → TRUNCATE, which empties the file. This connection's busy timeout is 0, so a
 * TRUNCATE that meets a writer or reader degrades to PASSIVE at once instead of waiting, and
 * the next tick tries again.
 *
 * A writer starts the WAL over from its beginning when it finds every frame copied. Commits
 * that keep landing while a PASSIVE checkpoint runs can deny it that moment; when the WAL
 * holds `limitBytes` of frames, a RESTART follows the PASSIVE: it keeps new writers out (they
 * wait in their busy handler) for the few frames left, so the next writer starts over. That
 * is the one case where a commit may wait on this thread, and it bounds the WAL.
 */
const { file, intervalMs, idleMs, limitBytes } = workerData as CheckpointWorkerData;
// Checkpoints can wait; the event loop that commits cannot.
lowerThisThreadsPriority();
const walFile = `${file}-wal`;
const db = new Database(file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
db.pragma('wal_autocheckpoint = 0');
// Same durability as the app's connections: a checkpoint still syncs the WAL and the database.
db.pragma('synchronous = NORMAL');
const pageBytes = db.pragma('page_size', { simple: true }) as number;

type PragmaRow = { busy: number; log: number; checkpointed: number };

let lastLook = '';
let changedAt = Date.now();
/** A PASSIVE checkpoint left frames behind (a reader held them): try again next tick. */
let behind = false;
let timer: NodeJS.Timeout | undefined;

function checkpoint(mode: CheckpointMode): PragmaRow | undefined {
  const started = performance.now();
  const [row] = db.pragma(`wal_checkpoint(${mode})`) as PragmaRow[];
  if (!row) {
    return undefined;
  }
  behind = row.busy === 1 || row.checkpointed < row.log;
  const report: CheckpointReport = {
    type: 'checkpoint',
    mode,
    ms: performance.now() - started,
    frames: row.log,
    copied: row.checkpointed,
    busy: row.busy === 1,
  };
  parentPort?.postMessage(report);
  return row;
}

function passive(): void {
  const row = checkpoint('PASSIVE');
  if (row && row.log * pageBytes >= limitBytes) {
    checkpoint('RESTART');
  }
}

function tick(): void {
  const wal = statSync(walFile, { throwIfNoEntry: false });
  if (wal && wal.size > 0) {
    const look = `${wal.size}:${wal.mtimeMs}`;
    const now = Date.now();
    if (look !== lastLook) {
      lastLook = look;
      changedAt = now;
      passive();
    } else if (now - changedAt >= idleMs) {
      checkpoint('TRUNCATE');
    } else if (behind) {
      passive();
    }
  }
  timer = setTimeout(tick, intervalMs);
}

parentPort?.on('message', (message: ToCheckpointer) => {
  if (message.type === 'close') {
    clearTimeout(timer);
    db.close();
    parentPort?.close();
  }
});

tick();
parentPort?.postMessage({ type: 'ready' } satisfies CheckpointReport);
