/**
 * A small seeded PRNG (mulberry32). Demo data must be the same on every machine and every
 * start, so nothing here reads the clock or `Math.random`.
 */
export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[];
};

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) {
      throw new Error('pick from an empty list');
    }
    return items[int(0, items.length - 1)] as T;
  };
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = int(0, i);
      [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
    }
    return pool.slice(0, Math.min(count, pool.length));
  };
  return { next, int, pick, sample };
}

/** FNV-1a: turns a stable name (a report slug) into a seed. */
export function seedFrom(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
