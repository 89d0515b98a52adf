import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import { createAdminCatalogueRepo } from './admin-catalogue.repo.ts';
import { adminCatalogueRoutes } from './admin-catalogue.routes.ts';
import { createAdminCatalogueService } from './admin-catalogue.service.ts';

/** The back-office catalogue as one plugin (routes → service → repo). */
export function adminCatalogueModule(deps: { db: Db; audit: AuditLog }): FastifyPluginAsyncZod {
  return adminCatalogueRoutes(
    createAdminCatalogueService({ repo: createAdminCatalogueRepo(deps.db), audit: deps.audit }),
  );
}
