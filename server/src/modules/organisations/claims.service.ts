import { MSG, type TClaimCreateReply, type ZClaimCreateRequest } from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import type { ClaimsRepo } from './claims.repo.ts';
import type { EnquiryLimits } from './enquiries.service.ts';
import type { OrganisationsService } from './organisations.service.ts';

const HOUR_SECONDS = 3600;

export type ClaimsService = ReturnType<typeof createClaimsService>;

/**
 * Claims of uncertified organisations, filed from the claim dialog. A claim is work for an
 * admin, so a user and an IP may file as many per hour as they may send enquiries
 * (`ENQUIRY_PER_USER_PER_HOUR`, `ENQUIRY_PER_IP_PER_HOUR`); only stored claims count.
 */
export function createClaimsService(deps: {
  repo: ClaimsRepo;
  organisations: OrganisationsService;
  clock: Clock;
  limiter: RateLimiter;
  limits: EnquiryLimits;
}) {
  const { repo, organisations, clock, limiter, limits } = deps;
  const userKey = (userId: number) => `claim:user:${userId}`;
  const ipKey = (ip: string) => `claim:ip:${ip}`;

  return {
    /** POST /api/company/claim: the organisation must exist and not be certified yet. */
    async create(
      form: z.output<typeof ZClaimCreateRequest>,
      user: AuthUser,
      ip: string,
    ): Promise<TClaimCreateReply> {
      const organ = await organisations.organ(form.company_id);
      if (organ.is_certification === 1) {
        throw AppError.badRequest(MSG.claimAlreadyCertified);
      }
      const [byUser, byIp] = await Promise.all([
        limiter.recent(userKey(user.id), HOUR_SECONDS),
        limiter.recent(ipKey(ip), HOUR_SECONDS),
      ]);
      if (byUser >= limits.perUserPerHour || byIp >= limits.perIpPerHour) {
        throw AppError.tooManyRequests(MSG.enquiryTooOften);
      }
      const id = await repo.insert({
        user_id: user.id,
        organisation_id: organ.id,
        name: form.name,
        contact: form.contact,
        message: form.message,
        created_at: clock.now().getTime(),
      });
      await Promise.all([
        limiter.record(userKey(user.id), HOUR_SECONDS),
        limiter.record(ipKey(ip), HOUR_SECONDS),
      ]);
      return { id: String(id) };
    },
  };
}
