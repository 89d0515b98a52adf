import {
  MSG,
  validateCustomKeywords,
  validateIndustry,
  type TCompanyTypeRequest,
  type TSubscribeInfoReply,
  type TSubscribeUpdateRequest,
} from '@portal/contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { loadUserWords } from '../../search/segmenter.ts';
import type { CompanyTypeRow, SubscriptionsRepo } from './subscriptions.repo.ts';
import type { Users } from '../users/users.service.ts';

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);

/**
 * Onboarding (company type, then keywords), the settings page's subscription update, the
 * subscription info both pages read, and the /headlines sidebar toggle (spec §4, §5, §6).
 */
export function createSubscriptionsService({
  repo,
  users,
  clock,
}: {
  repo: SubscriptionsRepo;
  users: Users;
  clock: Clock;
}) {
  const now = () => clock.now().getTime();

  /** The catalogue's company type and industry named in a request, in the spec's words when missing. */
  async function resolveCompany(
    company: string,
    industry: string,
  ): Promise<{ type: CompanyTypeRow; industryId: number | null }> {
    const type = (await repo.companyTypes()).find((t) => t.name === company);
    if (!type) {
      throw AppError.badRequest(MSG.subscribeCompanyType);
    }
    const missing = validateIndustry(industry, type.requiresIndustry);
    if (missing !== null) {
      throw AppError.badRequest(missing);
    }
    if (!type.requiresIndustry) {
      return { type, industryId: null };
    }
    const found = type.industries.find((i) => i.name === industry);
    if (!found) {
      throw AppError.badRequest(MSG.subscribeIndustry);
    }
    return { type, industryId: found.id };
  }

  return {
    /** Makes the catalogue and every user's custom keyword single segmenter words (at start-up). */
    async loadKeywordWords(): Promise<number> {
      return loadUserWords(await repo.allKeywords()).length;
    },

    async info(userId: number): Promise<TSubscribeInfoReply> {
      const [types, catalogue, mine, subscription, email, flags] = await Promise.all([
        repo.companyTypes(),
        repo.catalogueKeywords(),
        repo.keywordsOf(userId),
        repo.subscriptionOf(userId),
        users.emailOf(userId),
        users.onboardingFlags(userId),
      ]);
      const selected = new Set(mine.map((k) => k.keyword));
      return {
        subscribe_info: catalogue.map((keyword, order) => ({
          keyword,
          order,
          select: flag(selected.has(keyword)),
        })),
        custom_subscribe_info: mine
          .filter((k) => Number(k.custom) === 1)
          .map((k, order) => ({ keyword: k.keyword, order, select: 1 as const })),
        email,
        company_type: types.map((t) => ({
          name: t.name,
          select: flag(subscription?.company_type_id === t.id),
          industry: t.requiresIndustry
            ? t.industries.map((i) => ({ name: i.name, select: flag(subscription?.industry_id === i.id) }))
            : [],
        })),
        keyword_list: mine.map((k, order) => ({
          keyword: k.keyword,
          order,
          status: flag(Number(k.shown) === 1),
          custom: flag(Number(k.custom) === 1),
          muted: flag(k.muted_at !== null),
        })),
        user_company_type_status: flag(flags.companyType === 1),
        set_keyword_status: flag(flags.keywords === 1),
        subscribed: flag(subscription === undefined || Number(subscription.subscribed) === 1),
      };
    },

    /** Onboarding step 1. */
    async setCompanyType(
      userId: number,
      body: TCompanyTypeRequest,
    ): Promise<{ user_company_type_status: 1 }> {
      const { type, industryId } = await resolveCompany(body.company_type, body.industry);
      await repo.saveCompanyType(userId, type.id, industryId, now());
      return { user_company_type_status: 1 };
    },

    /**
     * Saves company type, industry, keywords and e-mail together. Keywords outside the catalogue
     * are custom: allowed once the company type is set (§6), at most five. A user who has an
     * address already changes it through the verified change-e-mail flow, not here.
     */
    async update(userId: number, body: TSubscribeUpdateRequest): Promise<{ set_keyword_status: 1 }> {
      const { type, industryId } = await resolveCompany(body.company, body.industry);
      const catalogue = new Set(await repo.catalogueKeywords());
      const custom = body.subscribe.filter((k) => !catalogue.has(k));
      if (custom.length > 0 && (await users.onboardingFlags(userId)).companyType !== 1) {
        throw AppError.badRequest(MSG.customKeywordNeedsCompanyType);
      }
      const customProblem = validateCustomKeywords(custom);
      if (customProblem !== null) {
        throw AppError.badRequest(customProblem);
      }
      const current = await users.emailOf(userId);
      if (current !== '' && current.toLowerCase() !== body.email.toLowerCase()) {
        throw AppError.badRequest(MSG.emailChangeNeedsCode);
      }
      await repo.saveSubscription(
        userId,
        {
          companyTypeId: type.id,
          industryId,
          email: current === '' ? body.email : current,
          keywords: body.subscribe.map((keyword) => ({ keyword, custom: !catalogue.has(keyword) })),
        },
        now(),
      );
      // New custom words segment whole from now on (documents indexed earlier match through their parts).
      if (custom.length > 0) {
        loadUserWords(custom);
      }
      return { set_keyword_status: 1 };
    },

    /** 不再接收 (from the e-mail's signed link, or /keyword_setting) and its undo; only the owner's keyword. */
    async setKeywordMuted(
      userId: number,
      body: { keyword: string; muted: 0 | 1 },
    ): Promise<{ keyword: string; muted: 0 | 1 }> {
      const keyword = body.keyword.trim();
      if (!(await repo.setMutedAt(userId, keyword, body.muted === 1 ? now() : null))) {
        throw AppError.notFound(MSG.keywordNotSubscribed);
      }
      return { keyword, muted: body.muted };
    },

    async setKeywordStatus(
      userId: number,
      body: { keyword: string; status: 0 | 1 },
    ): Promise<{ keyword: string; status: 0 | 1 }> {
      const keyword = body.keyword.trim();
      const status = body.status === 1;
      if (!(await repo.setShown(userId, keyword, status))) {
        throw AppError.notFound(MSG.keywordNotSubscribed);
      }
      return { keyword, status: flag(status) };
    },
  };
}
