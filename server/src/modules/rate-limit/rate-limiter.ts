import type { Clock } from '../../platform/clock.ts';
import type { RateLimitRepo } from './rate-limit.repo.ts';

export type RateLimiter = {
  /** Counts one hit for `key`; true while the window's count stays within `limit`. */
  hit(key: string, limit: number, windowSeconds: number): Promise<boolean>;
  /**
   * A rolling window, for events counted after the fact (wrong codes): `record` adds one event,
   * `recent` counts the events of the last `windowSeconds`. Events are kept in buckets of a
   * sixth of the window and the bucket the window starts in counts whole, so an event counts
   * for 60–70 minutes of an hour window: no rolling hour ever holds more than the limit, which
   * a fixed window's edge would allow twice over.
   */
  record(key: string, windowSeconds: number): Promise<void>;
  recent(key: string, windowSeconds: number): Promise<number>;
};

const BUCKETS_PER_WINDOW = 6;

const KEEP_MS = 24 * 3600 * 1000;

/** Fixed-window counters in the database, so every app node shares them. */
export function createRateLimiter(repo: RateLimitRepo, clock: Clock): RateLimiter {
  const limiter: RateLimiter = {
    async hit(key, limit, windowSeconds) {
      const now = clock.now().getTime();
      const windowMs = windowSeconds * 1000;
      const windowStart = now - (now % windowMs);
      const count = await repo.increment(key, windowStart);
      // The first hit of a window tidies windows long past; cheap and needs no scheduler.
      if (count === 1) {
        await repo.deleteWindowsBefore(now - Math.max(KEEP_MS, windowMs));
      }
      return count <= limit;
    },

    async record(key, windowSeconds) {
      await limiter.hit(key, Number.POSITIVE_INFINITY, bucketSeconds(windowSeconds));
    },

    async recent(key, windowSeconds) {
      const bucketMs = bucketSeconds(windowSeconds) * 1000;
      const start = clock.now().getTime() - windowSeconds * 1000;
      return repo.sumSince(key, start - (start % bucketMs));
    },
  };
  return limiter;
}

function bucketSeconds(windowSeconds: number): number {
  return Math.max(1, Math.floor(windowSeconds / BUCKETS_PER_WINDOW));
}
