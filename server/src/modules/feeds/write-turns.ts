/**
 * Hands out turns on the event loop, one per loop iteration. A poll writes in chunks and waits
 * for a turn before each; polls running side by side (the scheduler runs 4) would otherwise all
 * yield with setImmediate and all run in the same check phase, holding the loop for the sum of
 * their chunks. With turns, every iteration runs at most one chunk, so timers and I/O of other
 * requests get in between any two.
 */
export function createWriteTurns() {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  const grant = () => {
    scheduled = false;
    waiting.shift()?.();
    if (waiting.length > 0) {
      schedule(); // an immediate queued from an immediate runs on the next iteration
    }
  };
  const schedule = () => {
    if (!scheduled) {
      scheduled = true;
      setImmediate(grant);
    }
  };
  return {
    /** Resolves on a later loop iteration than the last turn given, in order of asking. */
    next(): Promise<void> {
      return new Promise((resolve) => {
        waiting.push(resolve);
        schedule();
      });
    },
  };
}

export type WriteTurns = ReturnType<typeof createWriteTurns>;
