/** What a read cache checks entries against: the database's write generation (db/write-generation.ts). */
export type Generation = { readonly value: number };

export type ReadCacheOptions = {
  generation: Generation;
  /** Longest an entry lives even without a write in this process (writes by other processes). */
  ttlMs: number;
  /** Entries kept; the least recently used goes first. */
  max: number;
  now?: () => number;
};

type Entry<V> = { value: V; generation: number; at: number };

/**
 * Results of reads, kept until this process writes to the database or `ttlMs` passes. A read
 * that overlapped a write is returned but not kept (it may hold either side of the write).
 * Loads of one key that run at once share one promise.
 */
export function createReadCache<V>({
  generation,
  ttlMs,
  max,
  now = performance.now.bind(performance),
}: ReadCacheOptions) {
  const entries = new Map<string, Entry<V>>();
  const loading = new Map<string, { generation: number; promise: Promise<V> }>();

  function fresh(key: string, current: number): Entry<V> | undefined {
    const entry = entries.get(key);
    if (!entry) {
      return undefined;
    }
    if (entry.generation !== current || now() - entry.at > ttlMs) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  return {
    /** The cached value of `key`, or `load()`'s (kept when no write happened meanwhile). */
    async get(key: string, load: () => Promise<V>): Promise<V> {
      // Read once per lookup: on SQLite it asks the database whether another process wrote.
      const started = generation.value;
      const hit = fresh(key, started);
      if (hit) {
        entries.delete(key); // re-insert: most recently used last
        entries.set(key, hit);
        return hit.value;
      }
      const pending = loading.get(key);
      if (pending && pending.generation === started) {
        return pending.promise;
      }
      const at = now();
      const promise = load();
      loading.set(key, { generation: started, promise });
      try {
        const value = await promise;
        if (generation.value === started) {
          if (entries.size >= max) {
            entries.delete(entries.keys().next().value as string);
          }
          entries.set(key, { value, generation: started, at });
        }
        return value;
      } finally {
        if (loading.get(key)?.promise === promise) {
          loading.delete(key);
        }
      }
    },

    /**
     * The values of `keys`: cached ones from memory, the rest from one `load(missing)` call
     * (kept when no write happened meanwhile). Keys `load` does not answer are absent.
     */
    async getMany(
      keys: readonly string[],
      load: (missing: string[]) => Promise<Map<string, V>>,
    ): Promise<Map<string, V>> {
      const started = generation.value;
      const out = new Map<string, V>();
      const missing: string[] = [];
      for (const key of keys) {
        const hit = fresh(key, started);
        if (hit) {
          out.set(key, hit.value);
        } else {
          missing.push(key);
        }
      }
      if (missing.length === 0) {
        return out;
      }
      const at = now();
      const loaded = await load(missing);
      const keep = generation.value === started;
      for (const [key, value] of loaded) {
        out.set(key, value);
        if (keep) {
          if (entries.size >= max) {
            entries.delete(entries.keys().next().value as string);
          }
          entries.set(key, { value, generation: started, at });
        }
      }
      return out;
    },

    get size(): number {
      return entries.size;
    },
  };
}

export type ReadCache<V> = ReturnType<typeof createReadCache<V>>;
