import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import type { PdfRunner } from '../../ingest/pdf-runner.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { SearchIndex } from '../../search/search.types.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { ContentService } from '../content/content.service.ts';
import { createAdminContentRepo } from './admin-content.repo.ts';
import { adminContentRoutes } from './admin-content.routes.ts';
import { createAdminContentService } from './admin-content.service.ts';
import { createContentIndexer } from './content-indexer.ts';

/** The back-office content module as one plugin (routes → service → repo). */
export function adminContentModule(deps: {
  db: Db;
  content: ContentService;
  search: SearchIndex;
  storage: Storage;
  audit: AuditLog;
  clock: Clock;
  /** The PDF runner (default: the shared worker thread). */
  runner?: PdfRunner;
}): FastifyPluginAsyncZod {
  const { db, content, search, storage, audit, clock, runner } = deps;
  const admin = createAdminContentService({
    repo: createAdminContentRepo(db),
    indexer: createContentIndexer({ db, search, clock }),
    content,
    storage,
    audit,
    clock,
  });
  return adminContentRoutes(admin, { content, admin, audit, clock, runner });
}
