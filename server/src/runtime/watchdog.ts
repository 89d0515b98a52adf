import { Worker } from 'node:worker_threads';

/**
 * A small thread that watches the process from outside its main thread, so it still acts when
 * the main thread is stuck (in native code, or writing to a pipe nobody reads):
 * - `step(name)`: while a start-up step runs longer than `stallLogMs`, it writes
 *   `still <name> after N s` to the log (stdout, a pino-shaped JSON line) every `stallLogMs`;
 * - `exitWithin(ms)`: a process that has not exited `ms` from now is killed (SIGKILL);
 * - `exitWhenOrphaned(graceMs)`: once the parent process is gone (a cluster primary killed), the
 *   process is killed unless it exited on its own within `graceMs`.
 * The thread is unreferenced: it never keeps the process alive.
 */
export type Watchdog = {
  step(name: string): void;
  stepDone(): void;
  exitWithin(ms: number): void;
  exitWhenOrphaned(graceMs: number): void;
};

export type WatchdogMessage =
  | { type: 'step'; name: string | null }
  | { type: 'exitWithin'; ms: number }
  | { type: 'orphan'; graceMs: number; parent: number };

// Plain JavaScript evaluated in the thread: it runs the same under tsx and compiled, and loads
// nothing but node built-ins. It kills without logging first: a write to a full pipe could block it.
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const { stallLogMs } = workerData;
let step = null;
let stepStarted = 0;
const kill = () => process.kill(process.pid, 'SIGKILL');
setInterval(() => {
  if (step === null) return;
  const seconds = Math.round((Date.now() - stepStarted) / 1000);
  if (seconds * 1000 < stallLogMs) return;
  const line = { level: 40, time: Date.now(), pid: process.pid, msg: 'still ' + step + ' after ' + seconds + ' s' };
  try { writeSync(1, JSON.stringify(line) + '\\n'); } catch {}
}, stallLogMs);
parentPort.on('message', (m) => {
  if (m.type === 'step') {
    step = m.name;
    stepStarted = Date.now();
  } else if (m.type === 'exitWithin') {
    setTimeout(kill, m.ms);
  } else if (m.type === 'orphan') {
    const timer = setInterval(() => {
      if (process.ppid !== m.parent) {
        clearInterval(timer);
        setTimeout(kill, m.graceMs);
      }
    }, 250);
  }
});
`;

export function startWatchdog(options: { stallLogMs?: number } = {}): Watchdog {
  const thread = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { stallLogMs: options.stallLogMs ?? 10_000 },
    // A few MB: the thread holds two timers.
    resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1 },
    // Not the process's flags: no tsx hooks, and no --input-type=module, which would make the
    // evaluated source a module without require.
    execArgv: [],
    stdout: false,
    stderr: false,
  });
  thread.unref();
  const send = (message: WatchdogMessage) => thread.postMessage(message);
  return {
    step: (name) => send({ type: 'step', name }),
    stepDone: () => send({ type: 'step', name: null }),
    exitWithin: (ms) => send({ type: 'exitWithin', ms }),
    // The parent as the caller sees it now: the thread may read its first message later.
    exitWhenOrphaned: (graceMs) => send({ type: 'orphan', graceMs, parent: process.ppid }),
  };
}
