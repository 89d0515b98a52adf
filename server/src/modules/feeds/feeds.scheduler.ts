import type { FeedsService } from './feeds.service.ts';

/** Due sources are looked for this often. */
export const FEED_TICK_MS = 30_000;
/** Sources one process polls at once. */
export const FEED_CONCURRENCY = 4;

export type FeedScheduler = { tick(): Promise<void>; stop(): Promise<void> };

/**
 * Every FEED_TICK_MS polls the sources that are due. Every server process runs one: each
 * source is polled under a lease in the database, so across processes and nodes a due source
 * is polled exactly once. One tick at a time per process.
 */
export function startFeedScheduler({
  feeds,
  tickMs = FEED_TICK_MS,
  concurrency = FEED_CONCURRENCY,
  onError = () => {},
}: {
  feeds: FeedsService;
  tickMs?: number;
  concurrency?: number;
  onError?: (error: unknown) => void;
}): FeedScheduler {
  let stopped = false;
  let busy: Promise<void> = Promise.resolve();
  const tick = () => {
    busy = busy.then(async () => {
      if (stopped) {
        return;
      }
      try {
        await feeds.pollDue(concurrency);
      } catch (error) {
        onError(error);
      }
    });
    return busy;
  };
  const timer = tickMs > 0 ? setInterval(() => void tick(), tickMs) : undefined;
  timer?.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) {
        clearInterval(timer);
      }
      await busy;
    },
  };
}
