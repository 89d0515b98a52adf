import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import { createAuthRepo } from '../auth/auth.repo.ts';
import { createContentGrantsRepo, type ContentGrantsRepo } from '../detail/content-grants.repo.ts';
import { createSubscriptionsRepo } from '../subscriptions/subscriptions.repo.ts';
import type { Users } from '../users/users.service.ts';
import { createAdminGrantsService } from './admin-grants.service.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';
import { createAdminUsersService } from './admin-users.service.ts';

/** The back-office users section (and the grants of restricted topics and headlines) as one plugin. */
export function adminUsersModule(deps: {
  db: Db;
  clock: Clock;
  users: Users;
  audit: AuditLog;
}): FastifyPluginAsyncZod {
  const grants = createContentGrantsRepo(deps.db, 'insight');
  const service = createAdminUsersService({
    users: deps.users,
    sessions: createAuthRepo(deps.db),
    grants,
    subscriptions: createSubscriptionsRepo(deps.db),
    audit: deps.audit,
    clock: deps.clock,
  });
  const grantsService = (repo: ContentGrantsRepo) =>
    createAdminGrantsService({ users: deps.users, grants: repo, audit: deps.audit, clock: deps.clock });
  const restricted = {
    analyses: grantsService(grants),
    headlines: grantsService(createContentGrantsRepo(deps.db, 'business')),
  };
  return async (app) => {
    await app.register(adminUsersRoutes(service, restricted));
  };
}
