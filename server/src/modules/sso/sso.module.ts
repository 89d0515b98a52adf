import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import { createAuthRepo } from '../auth/auth.repo.ts';
import { createUsers } from '../users/users.service.ts';
import { createRateLimitRepo } from '../rate-limit/rate-limit.repo.ts';
import { createRateLimiter } from '../rate-limit/rate-limiter.ts';
import type { ActivityRecorder } from '../analytics/activity-recorder.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { createSsoRepo } from './sso.repo.ts';
import { ssoRoutes } from './sso.routes.ts';
import { createSsoService } from './sso.service.ts';

/** Third-party sign-in (SSO, WeChat, phone binding) as one plugin; `auth` supplies the per-IP budget. */
export function ssoModule({
  db,
  clock,
  config,
  auth,
  activity,
}: {
  db: Db;
  clock: Clock;
  config: Config;
  auth: AuthService;
  /** Counts sign-ins by method (analytics). */
  activity?: Pick<ActivityRecorder, 'login'>;
}): FastifyPluginAsyncZod {
  const service = createSsoService({
    repo: createSsoRepo(db),
    auth: createAuthRepo(db),
    users: createUsers(db),
    clock,
    config: config.account,
    publicUrl: config.publicUrl,
    sessionTtlDays: config.sessionTtlDays,
    wrongCodes: {
      limiter: createRateLimiter(createRateLimitRepo(db), clock),
      perHour: config.rateLimit.wrongCodesPerHour,
    },
    activity,
  });
  return async (app) => {
    await app.register(ssoRoutes(service, auth));
  };
}
