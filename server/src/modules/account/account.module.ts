import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { createAuthRepo } from '../auth/auth.repo.ts';
import { createUsers } from '../users/users.service.ts';
import type { FileUrls } from '../files/signed-url.ts';
import { createRateLimitRepo } from '../rate-limit/rate-limit.repo.ts';
import { createRateLimiter } from '../rate-limit/rate-limiter.ts';
import { accountRoutes } from './account.routes.ts';
import { createAccountService } from './account.service.ts';

/** Personal settings and the privacy policy as one plugin. */
export function accountModule({
  db,
  clock,
  storage,
  config,
  fileUrls,
}: {
  db: Db;
  clock: Clock;
  storage: Storage;
  config: Config;
  fileUrls: FileUrls;
}): FastifyPluginAsyncZod {
  const service = createAccountService({
    users: createUsers(db),
    auth: createAuthRepo(db),
    storage,
    clock,
    fileUrls,
    wrongCodes: {
      limiter: createRateLimiter(createRateLimitRepo(db), clock),
      perHour: config.rateLimit.wrongCodesPerHour,
    },
  });
  return async (app) => {
    await app.register(accountRoutes(service, config.account.privacyPolicyFile));
  };
}
