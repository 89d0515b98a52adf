import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SearchIndex } from '../../search/search.types.ts';
import type { SearchService } from '../search/search.service.ts';
import type { SynonymSource } from '../search/synonym-source.ts';
import { createHeadlineList } from './headline-list.ts';
import { createKeywordPreview } from './keyword-preview.ts';
import { createUsers } from '../users/users.service.ts';
import { createSubscriptionsRepo } from './subscriptions.repo.ts';
import { subscriptionsRoutes } from './subscriptions.routes.ts';
import { createSubscriptionsService } from './subscriptions.service.ts';

/** How often the segmenter picks up keywords saved by other server processes. */
const KEYWORD_RELOAD_MS = 60_000;

export type SubscriptionsModuleDeps = {
  db: Db;
  clock: Clock;
  index: SearchIndex;
  search: SearchService;
  /** The back-office's synonym groups: /headlines matches a keyword as the digest does. */
  synonyms?: SynonymSource;
};

/**
 * The subscriptions module as one plugin: its routes, and — once the app is ready, i.e. after
 * migrations — the catalogue's and users' custom keywords loaded as segmenter words, and
 * reloaded every minute.
 */
export function subscriptionsModule({
  db,
  clock,
  index,
  search,
  synonyms,
}: SubscriptionsModuleDeps): FastifyPluginAsyncZod {
  const repo = createSubscriptionsRepo(db);
  const service = createSubscriptionsService({ repo, users: createUsers(db), clock });
  const headlines = createHeadlineList({ index, search, repo, db, clock, synonyms });
  return async (app) => {
    const load = async () => {
      try {
        await service.loadKeywordWords();
      } catch (err) {
        // Search still works without them (keywords then match through their parts): say so, start anyway.
        app.log.warn({ err }, 'subscription keywords not loaded into the segmenter');
      }
    };
    // Custom keywords saved through another server process (a cluster worker) arrive here within a minute.
    let reload: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await load();
      reload = setInterval(() => void load(), KEYWORD_RELOAD_MS).unref();
    });
    app.addHook('onClose', async () => clearInterval(reload));
    await app.register(subscriptionsRoutes(service, headlines, createKeywordPreview({ db, clock })));
  };
}
