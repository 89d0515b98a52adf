import { readFileSync } from 'node:fs';

/**
 * Splits the event loop's stalls into the main thread's own work and the machine's. A timer
 * fires every millisecond; between two firings it reads the wall time and, from Linux's
 * /proc/thread-self/schedstat, how long this thread ran on a CPU and how long it waited for
 * one. A gap that is long in wall time but short in CPU time was the machine (other processes
 * on a shared box, or our own parser threads) keeping the thread off the CPU; a gap long in
 * CPU time was work that held the loop. Garbage collection on the main thread counts as CPU.
 * What is neither was the thread asleep inside a call: a synchronous disk write (SQLite's
 * commits and WAL checkpoints through better-sqlite3) waiting for the disk.
 */
export type LoopProbe = {
  stop(): LoopReport;
};

export type LoopReport = {
  gaps: number;
  /** Wall time between firings beyond the 1 ms asked for: what monitorEventLoopDelay measures. */
  wall: Quantiles;
  /** CPU time this thread ran between two firings: the loop held by our own work. */
  cpu: Quantiles;
  /** Run-queue wait between two firings: the thread ready but not running. */
  waited: Quantiles;
  /** Wall time neither on a CPU nor waiting for one: the thread blocked in a system call (disk). */
  blocked: Quantiles;
  /** False where /proc/thread-self/schedstat does not exist (not Linux): cpu and waited are zero. */
  schedstat: boolean;
};

export type Quantiles = { max: number; p99: number; p50: number };

function readSchedstat(): [number, number] | null {
  try {
    const [run, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    return [Number(run) / 1e6, Number(wait) / 1e6];
  } catch {
    return null;
  }
}

function quantiles(values: number[]): Quantiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { max: sorted[sorted.length - 1] ?? 0, p99: at(0.99), p50: at(0.5) };
}

export function startLoopProbe(): LoopProbe {
  const wall: number[] = [];
  const cpu: number[] = [];
  const waited: number[] = [];
  const blocked: number[] = [];
  let lastAt = performance.now();
  let last = readSchedstat();
  const schedstat = last !== null;
  const timer = setInterval(() => {
    const at = performance.now();
    const now = readSchedstat();
    const gap = at - lastAt;
    wall.push(Math.max(0, gap - 1));
    if (now && last) {
      const ran = now[0] - last[0];
      const queued = now[1] - last[1];
      cpu.push(ran);
      waited.push(queued);
      blocked.push(Math.max(0, gap - 1 - ran - queued));
    }
    lastAt = at;
    last = now;
  }, 1);
  return {
    stop() {
      clearInterval(timer);
      return {
        gaps: wall.length,
        wall: quantiles(wall),
        cpu: quantiles(cpu),
        waited: quantiles(waited),
        blocked: quantiles(blocked),
        schedstat,
      };
    },
  };
}
