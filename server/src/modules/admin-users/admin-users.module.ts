import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import { createAuthRepo } from '../auth/auth.repo.ts';
import { createAnalysisGrantsRepo } from '../detail/analysis-grants.repo.ts';
import { createSubscriptionsRepo } from '../subscriptions/subscriptions.repo.ts';
import type { Users } from '../users/users.service.ts';
import { createAdminGrantsService } from './admin-grants.service.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';
import { createAdminUsersService } from './admin-users.service.ts';

/** The back-office users section (and restricted-topic grants) as one plugin. */
export function adminUsersModule(deps: {
  db: Db;
  clock: Clock;
  users: Users;
  audit: AuditLog;
}): FastifyPluginAsyncZod {
  const grants = createAnalysisGrantsRepo(deps.db);
  const service = createAdminUsersService({
    users: deps.users,
    sessions: createAuthRepo(deps.db),
    grants,
    subscriptions: createSubscriptionsRepo(deps.db),
    audit: deps.audit,
    clock: deps.clock,
  });
  const topics = createAdminGrantsService({
    users: deps.users,
    grants,
    audit: deps.audit,
    clock: deps.clock,
  });
  return async (app) => {
    await app.register(adminUsersRoutes(service, topics));
  };
}
