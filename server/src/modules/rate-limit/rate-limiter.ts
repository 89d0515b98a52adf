import type { Clock } from '../../platform/clock.ts';
import type { RateLimitRepo } from './rate-limit.repo.ts';

export type RateLimiter = {
  /** Counts one hit for `key`; true while the window's count stays within `limit`. */
  hit(key: string, limit: number, windowSeconds: number): Promise<boolean>;
};

const KEEP_MS = 24 * 3600 * 1000;

/** Fixed-window counters in the database, so every app node shares them. */
export function createRateLimiter(repo: RateLimitRepo, clock: Clock): RateLimiter {
  return {
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
  };
}
