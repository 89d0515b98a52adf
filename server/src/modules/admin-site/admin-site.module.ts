import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import { createAdminSiteRepo } from './admin-site.repo.ts';
import { adminSiteRoutes } from './admin-site.routes.ts';
import { createAdminSiteService, createSiteBranding, type Branding } from './admin-site.service.ts';

/** The back-office's menu and theme as one plugin (routes → service → repo). */
export function adminSiteModule(deps: {
  db: Db;
  audit: AuditLog;
  clock: Clock;
  defaults: Branding;
}): FastifyPluginAsyncZod {
  const repo = createAdminSiteRepo(deps.db);
  return adminSiteRoutes(
    createAdminSiteService({ repo, audit: deps.audit, clock: deps.clock, defaults: deps.defaults }),
  );
}

/** What navigation serves as the session's logo and theme (stored, else `defaults`). */
export function siteBranding(db: Db, defaults: Branding): () => Promise<Branding> {
  const read = createSiteBranding(createAdminSiteRepo(db), defaults);
  return async () => (await read()).branding;
}
