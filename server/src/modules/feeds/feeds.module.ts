import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SearchIndex } from '../../search/search.types.ts';
import { createContentIndexer } from '../admin-content/content-indexer.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { ContentIngestion } from '../content/content.service.ts';
import { createFeedsRepo } from './feeds.repo.ts';
import { feedsRoutes } from './feeds.routes.ts';
import { startFeedScheduler, type FeedScheduler } from './feeds.scheduler.ts';
import { createFeedsService } from './feeds.service.ts';

/**
 * Feed sources as one plugin: the admin calls and, when `schedule` is on (the server process,
 * with the digest scheduler), the poller of due sources, stopped when the app closes.
 */
export function feedsModule(deps: {
  db: Db;
  content: Pick<ContentIngestion, 'addHeadlines'>;
  search: SearchIndex;
  audit: AuditLog;
  clock: Clock;
  config: Config;
  schedule: boolean;
}): FastifyPluginAsyncZod {
  const { db, content, search, audit, clock, config, schedule } = deps;
  return async (app) => {
    const feeds = createFeedsService({
      repo: createFeedsRepo(db),
      content,
      indexer: createContentIndexer({ db, search, clock }),
      wordStamp: () => search.syncWords(),
      clock,
      audit,
      allowHosts: config.feeds.allowHosts,
      timeZone: config.digest.timeZone,
      onError: (err, sourceId) => app.log.error({ err, sourceId }, 'feed poll failed'),
    });
    await app.register(feedsRoutes(feeds));
    app.addHook('onClose', async () => {
      await feeds.close();
    });
    if (schedule) {
      let scheduler: FeedScheduler | undefined;
      app.addHook('onReady', async () => {
        scheduler = startFeedScheduler({
          feeds,
          onError: (err) => app.log.error({ err }, 'feed poll failed'),
        });
      });
      app.addHook('onClose', async () => {
        await scheduler?.stop();
      });
    }
  };
}
