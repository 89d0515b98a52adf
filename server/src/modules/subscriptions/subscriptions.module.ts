import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SearchIndex } from '../../search/search.types.ts';
import type { SearchService } from '../search/search.service.ts';
import { createHeadlineList } from './headline-list.ts';
import { createSubscriptionsRepo } from './subscriptions.repo.ts';
import { subscriptionsRoutes } from './subscriptions.routes.ts';
import { createSubscriptionsService } from './subscriptions.service.ts';

export type SubscriptionsModuleDeps = { db: Db; clock: Clock; index: SearchIndex; search: SearchService };

/**
 * The subscriptions module as one plugin: its routes, and — once the app is ready, i.e. after
 * migrations — the catalogue's and users' custom keywords loaded as segmenter words.
 */
export function subscriptionsModule({
  db,
  clock,
  index,
  search,
}: SubscriptionsModuleDeps): FastifyPluginAsyncZod {
  const repo = createSubscriptionsRepo(db);
  const service = createSubscriptionsService({ repo, clock });
  const headlines = createHeadlineList({ index, search, repo, db, clock });
  return async (app) => {
    app.addHook('onReady', async () => {
      try {
        await service.loadKeywordWords();
      } catch (err) {
        // Search still works without them (keywords then match through their parts): say so, start anyway.
        app.log.warn({ err }, 'subscription keywords not loaded into the segmenter');
      }
    });
    await app.register(subscriptionsRoutes(service, headlines));
  };
}
