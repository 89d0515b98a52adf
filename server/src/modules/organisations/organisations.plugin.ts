import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { ContentCatalogue } from '../content/content.service.ts';
import { createClaimsRepo } from './claims.repo.ts';
import { claimsRoutes } from './claims.routes.ts';
import { createClaimsService } from './claims.service.ts';
import { createEnquiriesRepo } from './enquiries.repo.ts';
import { createRateLimitRepo } from '../rate-limit/rate-limit.repo.ts';
import { createRateLimiter } from '../rate-limit/rate-limiter.ts';
import { createEnquiriesService, type EnquiryLimits } from './enquiries.service.ts';
import { createOrganisationsRepo } from './organisations.repo.ts';
import { organisationsRoutes } from './organisations.routes.ts';
import { createOrganisationsService } from './organisations.service.ts';

export type OrganisationsPluginDeps = {
  db: Db;
  content: ContentCatalogue;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  claimEmail: string;
  enquiryLimits: EnquiryLimits;
};

/** The organisations module wired up: repos → services → routes (one line in app.ts). */
export function organisationsPlugin({
  db,
  content,
  clock,
  mailer,
  publicUrl,
  claimEmail,
  enquiryLimits,
}: OrganisationsPluginDeps): FastifyPluginAsyncZod {
  const organisations = createOrganisationsService({
    repo: createOrganisationsRepo(db),
    content,
    clock,
    claimEmail,
  });
  return async (app) => {
    const limiter = createRateLimiter(createRateLimitRepo(db), clock);
    const enquiries = createEnquiriesService({
      repo: createEnquiriesRepo(db),
      organisations,
      clock,
      mailer,
      publicUrl,
      log: app.log,
      limiter,
      limits: enquiryLimits,
    });
    await app.register(organisationsRoutes(organisations, enquiries));
    // Claims share the enquiries' hourly limits (their own counters).
    const claims = createClaimsService({
      repo: createClaimsRepo(db),
      organisations,
      clock,
      limiter,
      limits: enquiryLimits,
    });
    await app.register(claimsRoutes(claims));
  };
}
