import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { FeedbackRepo } from './feedback.repo.ts';

/** An upload no feedback cites is kept this long (the user may still be writing), then removed. */
export const SCREENSHOT_GRACE_MS = 24 * 3_600_000;
/** How often the job looks; each run removes at most one batch per pass until none is left. */
export const CLEANUP_INTERVAL_MS = 3_600_000;
const BATCH = 200;

/**
 * Removes screenshots uploaded more than the grace period ago (by `clock`) that no feedback
 * cites: the stored file first, then its row, so a crash leaves a row to retry, never a file
 * nobody knows about. Returns how many were removed.
 */
export async function cleanupUnsubmittedScreenshots(deps: {
  repo: FeedbackRepo;
  storage: Storage;
  clock: Clock;
}): Promise<number> {
  const before = deps.clock.now().getTime() - SCREENSHOT_GRACE_MS;
  let removed = 0;
  for (;;) {
    const stale = await deps.repo.staleUploads(before, BATCH);
    for (const upload of stale) {
      await deps.storage.delete(upload.storage_key);
      await deps.repo.deleteUpload(upload.id);
      removed += 1;
    }
    if (stale.length < BATCH) {
      return removed;
    }
  }
}

/** Runs the cleanup once an hour while the app is up; a failed run is logged and retried next time. */
export function scheduleScreenshotCleanup(
  app: FastifyInstance,
  run: () => Promise<number>,
  log: FastifyBaseLogger,
): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      run()
        .then((n) => {
          if (n > 0) {
            log.info({ removed: n }, 'unsubmitted feedback screenshots removed');
          }
        })
        .catch((err: unknown) => log.error({ err }, 'feedback screenshot cleanup failed'));
    }, CLEANUP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
