import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SearchIndex } from '../../search/search.types.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import { createAdminCatalogueRepo } from './admin-catalogue.repo.ts';
import { adminCatalogueRoutes } from './admin-catalogue.routes.ts';
import { createAdminCatalogueService } from './admin-catalogue.service.ts';
import { createKeywordReindex } from './keyword-reindex.ts';
import type { SynonymSource } from '../search/synonym-source.ts';
import { createSynonymsRepo } from './synonyms.repo.ts';
import { synonymsRoutes } from './synonyms.routes.ts';
import { createSynonymsService } from './synonyms.service.ts';

/**
 * The back-office catalogue as one plugin (routes → service → repo), with the background
 * re-index of documents holding a new or renamed keyword; closing the app waits for it. Search
 * synonym groups live here too; an edit refreshes `synonyms`, the table searches read.
 */
export function adminCatalogueModule(deps: {
  db: Db;
  audit: AuditLog;
  search: SearchIndex;
  clock: Clock;
  synonyms: SynonymSource;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const reindex = createKeywordReindex({
      db: deps.db,
      search: deps.search,
      clock: deps.clock,
      // The keyword is saved and findable through its bigrams; only its whole-word tokens wait.
      onError: (err) => app.log.error({ err }, 'catalogue keyword re-index failed'),
    });
    app.addHook('onClose', () => reindex.idle());
    const repo = createAdminCatalogueRepo(deps.db);
    await app.register(
      adminCatalogueRoutes(createAdminCatalogueService({ repo, audit: deps.audit, reindex })),
    );
    await app.register(
      synonymsRoutes(
        createSynonymsService({
          repo: createSynonymsRepo(deps.db),
          audit: deps.audit,
          clock: deps.clock,
          source: deps.synonyms,
        }),
      ),
    );
  };
}
