import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import { createAdminOrganisationsRepo } from './admin-organisations.repo.ts';
import { adminOrganisationsRoutes } from './admin-organisations.routes.ts';
import { createAdminOrganisationsService } from './admin-organisations.service.ts';

/** The back-office organisations section as one plugin (routes → service → repo). */
export function adminOrganisationsModule(deps: {
  db: Db;
  storage: Storage;
  audit: AuditLog;
  clock: Clock;
}): FastifyPluginAsyncZod {
  const service = createAdminOrganisationsService({ repo: createAdminOrganisationsRepo(deps.db), ...deps });
  return adminOrganisationsRoutes(service, deps.storage);
}
