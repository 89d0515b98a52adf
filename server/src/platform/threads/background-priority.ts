import { constants, setPriority } from 'node:os';

/**
 * Lowers the scheduling priority of the calling thread — and only that thread — to "below
 * normal" (nice 10). Called first thing by worker threads that do background work (feed
 * parsing, WAL checkpoints): on a box with as many busy threads as cores, the
 * kernel then hands a core to the event loop as soon as a request or a timer wakes it, instead
 * of letting it wait out a background thread's time slice (measured on 2 cores: the loop
 * waited up to 22 ms for a CPU while the feed parser ran). The work still gets every idle cycle.
 *
 * Linux keeps a nice value per thread and `setpriority(PRIO_PROCESS, 0)` (what os.setPriority
 * calls) sets the calling thread's. Elsewhere it may set the whole process's or fail: this is a
 * scheduling hint, so it is skipped there and any failure is ignored.
 */
export function lowerThisThreadsPriority(): void {
  if (process.platform !== 'linux') {
    return;
  }
  try {
    setPriority(0, constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // Not allowed here (a seccomp profile, say): the thread keeps the normal priority.
  }
}
