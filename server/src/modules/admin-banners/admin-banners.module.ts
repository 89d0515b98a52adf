import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import { createAdminBannersRepo } from './admin-banners.repo.ts';
import { adminBannersRoutes } from './admin-banners.routes.ts';
import { createAdminBannersService } from './admin-banners.service.ts';

/** The back-office banners section as one plugin (routes → service → repo). */
export function adminBannersModule(deps: {
  db: Db;
  storage: Storage;
  audit: AuditLog;
  clock: Clock;
}): FastifyPluginAsyncZod {
  const service = createAdminBannersService({ repo: createAdminBannersRepo(deps.db), ...deps });
  return adminBannersRoutes(service, deps.storage);
}
