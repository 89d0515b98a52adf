import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { FileUrls } from '../files/signed-url.ts';
import { createFeedbackRepo } from './feedback.repo.ts';
import { feedbackRoutes } from './feedback.routes.ts';
import { createFeedbackService } from './feedback.service.ts';
import { cleanupUnsubmittedScreenshots, scheduleScreenshotCleanup } from './screenshot-cleanup.ts';

/** Feedback as one plugin, with the hourly removal of screenshots never submitted. */
export function feedbackModule({
  db,
  clock,
  storage,
  config,
  fileUrls,
}: {
  db: Db;
  clock: Clock;
  storage: Storage;
  config: Config;
  fileUrls: FileUrls;
}): FastifyPluginAsyncZod {
  const repo = createFeedbackRepo(db);
  const service = createFeedbackService({
    repo,
    storage,
    clock,
    footer: config.account.feedbackFooter,
    fileUrls,
  });
  return async (app) => {
    await app.register(feedbackRoutes(service));
    scheduleScreenshotCleanup(app, () => cleanupUnsubmittedScreenshots({ repo, storage, clock }), app.log);
  };
}
