/** What a read cache checks entries against: the database's write generation (db/write-generation.ts). */
export type Generation = { readonly value: number };
/** A generation per key (an owner's rows: `WriteGeneration.ofOwner`). */
export type KeyedGeneration = { value(key: string): number };

export type ReadCacheOptions = {
  generation: Generation | KeyedGeneration;
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
  const keyed = typeof generation.value === 'function';
  const generationOf: (key: string) => number = keyed
    ? (key) => (generation as KeyedGeneration).value(key)
    : () => (generation as Generation).value;
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
      const started = generationOf(key);
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
        if (generationOf(key) === started) {
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
      // One reading for all keys unless each key has its own generation.
      const shared = keyed ? undefined : generationOf('');
      const started = new Map<string, number>();
      const out = new Map<string, V>();
      const missing: string[] = [];
      for (const key of keys) {
        const generationNow = shared ?? generationOf(key);
        started.set(key, generationNow);
        const hit = fresh(key, generationNow);
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
      const sharedAfter = keyed ? undefined : generationOf('');
      for (const [key, value] of loaded) {
        out.set(key, value);
        const generationThen = started.get(key);
        if (generationThen !== undefined && (sharedAfter ?? generationOf(key)) === generationThen) {
          if (entries.size >= max) {
            entries.delete(entries.keys().next().value as string);
          }
          entries.set(key, { value, generation: generationThen, at });
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
