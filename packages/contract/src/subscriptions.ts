import { z } from 'zod';
import { HEADLINE_PAGE_SIZE, NEW_HOT_SORTS } from './constants.ts';
import { MSG } from './messages.ts';
import { ZSearchHit } from './search.ts';

/**
 * Keyword subscriptions and the headline list (spec §3 "Subscription", §7 "Headlines").
 * Request schemas of subscribe/update and set/company_type are in rules/subscription.ts,
 * the e-mail change ones in rules/email-change.ts.
 */

const flag = z.union([z.literal(0), z.literal(1)]);

/** A keyword entry: `select` 1 when the user subscribes to it. */
export const ZKeywordEntry = z.object({ keyword: z.string(), order: z.number().int(), select: flag });
export type TKeywordEntry = z.infer<typeof ZKeywordEntry>;

/** A company-type option; `industry` lists industries only for a type that requires one (品牌方). */
export const ZCompanyTypeOption = z.object({
  name: z.string(),
  select: flag,
  industry: z.array(z.object({ name: z.string(), select: flag })),
});
export type TCompanyTypeOption = z.infer<typeof ZCompanyTypeOption>;

/** One of the user's keywords in the /headlines sidebar: `status` 1 shown, 0 hidden. */
export const ZHeadlineKeyword = z.object({
  keyword: z.string(),
  order: z.number().int(),
  status: flag,
  custom: flag,
  /** 1 after the digest's 不再接收: kept on /headlines, left out of the digest. */
  muted: flag,
});
export type THeadlineKeyword = z.infer<typeof ZHeadlineKeyword>;

/** GET /api/business/subscribe/info */
export const ZSubscribeInfoReply = z.object({
  /** The recommended catalogue, `select` 1 for the user's keywords. */
  subscribe_info: z.array(ZKeywordEntry),
  /** The user's own keywords that are not in the catalogue (always selected). */
  custom_subscribe_info: z.array(ZKeywordEntry),
  /** The receiving e-mail; empty when none. */
  email: z.string(),
  company_type: z.array(ZCompanyTypeOption),
  /** Every subscribed keyword with its sidebar state, in the user's order. */
  keyword_list: z.array(ZHeadlineKeyword),
  user_company_type_status: flag,
  set_keyword_status: flag,
  /** 1 while the user receives the daily digest. */
  subscribed: flag,
});
export type TSubscribeInfoReply = z.infer<typeof ZSubscribeInfoReply>;

/** POST /api/business/subscribe/keyword/status (ours): the sidebar's shown/hidden toggle. */
export const ZKeywordStatusRequest = z.object({
  keyword: z.string({ error: MSG.keywordRequired }).trim().min(1, { error: MSG.keywordRequired }).max(50),
  status: z.coerce.number<number | string>({ error: MSG.badRequest }).pipe(flag),
});
export type TKeywordStatusRequest = z.input<typeof ZKeywordStatusRequest>;
export const ZKeywordStatusReply = z.object({ keyword: z.string(), status: flag });
export type TKeywordStatusReply = z.infer<typeof ZKeywordStatusReply>;

/** POST /api/business/subscribe/update reply: the session now counts as onboarded. */
export const ZSubscribeUpdateReply = z.object({ set_keyword_status: flag });
export type TSubscribeUpdateReply = z.infer<typeof ZSubscribeUpdateReply>;

/** POST /api/user/set/company_type reply (onboarding step 1 done). */
export const ZCompanyTypeReply = z.object({ user_company_type_status: flag });
export type TCompanyTypeReply = z.infer<typeof ZCompanyTypeReply>;

/** A list of keywords sent as an array or as one comma-joined text. */
const keywordList = z
  .union([z.array(z.string().max(50)).max(100), z.string().max(5_000)])
  .transform((v) => (typeof v === 'string' ? v.split(',') : v).map((k) => k.trim()).filter((k) => k !== ''))
  .default([]);

/**
 * POST /api/business/list (ours; the spec leaves the path open). The list holds the headlines
 * that match any of the user's subscribed keywords that are not hidden; `subscribe_keyword`
 * is the exclusion list of hidden keywords — a headline matching one of them is left out.
 * `keyword` narrows to headlines that also match this text (a sidebar keyword or a search).
 * `weight` is accepted for the old client and does not change the order.
 */
export const ZHeadlineListRequest = z.object({
  tn: z.literal('business', { error: MSG.unknownTab }).default('business'),
  keyword: z.string({ error: MSG.badRequest }).max(100, { error: MSG.searchTooLong }).default(''),
  page: z.coerce.number<number | string>({ error: MSG.badRequest }).int().min(1).max(500).default(1),
  page_size: z.coerce
    .number<number | string>({ error: MSG.badRequest })
    .int()
    .min(1)
    .max(50)
    .default(HEADLINE_PAGE_SIZE),
  source: z.string().max(16).optional(),
  subscribe_keyword: keywordList,
  psort: z.enum(NEW_HOT_SORTS, { error: MSG.badRequest }).default('new'),
  weight: z.coerce.number<number | string>().optional(),
});
export type THeadlineListRequest = z.input<typeof ZHeadlineListRequest>;
export type THeadlineListQuery = z.output<typeof ZHeadlineListRequest>;

export const ZHeadlineListReply = z.object({
  data: z.array(ZSearchHit),
  total: z.object({ value: z.number().int(), relation: z.enum(['eq', 'gte']) }),
  page: z.number().int(),
  page_size: z.number().int(),
  psort: z.enum(NEW_HOT_SORTS),
});
export type THeadlineListReply = z.infer<typeof ZHeadlineListReply>;

/** POST /api/user/set/email reply. */
export const ZSetEmailReply = z.object({ email: z.string() });
export type TSetEmailReply = z.infer<typeof ZSetEmailReply>;
