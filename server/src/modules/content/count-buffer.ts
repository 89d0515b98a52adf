import type { Counts } from './content-stats.repo.ts';
import type { ContentRef } from './content-types.ts';

export type CountDeltas = Partial<Counts>;

export type CountBufferOptions = {
  /** Applies the deltas of one item (counters, then its hot score in the index). */
  write: (ref: ContentRef, deltas: CountDeltas) => Promise<void>;
  flushMs: number;
  onError: (err: unknown) => void;
};

/**
 * Views and downloads arrive with every read; writing each one would make every detail page a
 * database write (and empty every read cache). They are summed here per item and written every
 * `flushMs`, and on close. An item's deltas that fail to write stay for the next flush.
 */
export function createCountBuffer({ write, flushMs, onError }: CountBufferOptions) {
  let pending = new Map<string, { ref: ContentRef; deltas: CountDeltas }>();
  let flushing: Promise<void> | null = null;

  function add(ref: ContentRef, deltas: CountDeltas): void {
    const key = `${ref.type}:${ref.id}`;
    const entry = pending.get(key) ?? { ref, deltas: {} };
    for (const [counter, by] of Object.entries(deltas) as [keyof Counts, number][]) {
      entry.deltas[counter] = (entry.deltas[counter] ?? 0) + by;
    }
    pending.set(key, entry);
  }

  async function writeAll(): Promise<void> {
    const batch = pending;
    pending = new Map();
    const failures: unknown[] = [];
    for (const { ref, deltas } of batch.values()) {
      try {
        await write(ref, deltas);
      } catch (err) {
        add(ref, deltas);
        failures.push(err);
      }
    }
    if (failures.length > 0) {
      throw failures[0];
    }
  }

  /** Writes what has been counted so far (waits for a flush already under way first). */
  async function flush(): Promise<void> {
    while (flushing) {
      await flushing;
    }
    if (pending.size === 0) {
      return;
    }
    flushing = writeAll().finally(() => {
      flushing = null;
    });
    await flushing;
  }

  const timer = setInterval(() => flush().catch(onError), flushMs);
  timer.unref();

  return {
    add,
    flush,
    /** Stops the timer and writes the rest. */
    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}

export type CountBuffer = ReturnType<typeof createCountBuffer>;
