import { z } from 'zod';
import { NEW_HOT_SORTS, ORGAN_PAGE_SIZE } from './constants.ts';
import { MSG } from './messages.ts';
import { idField } from './rules/fields.ts';
import { ContactType, validateContactText } from './rules/contact.ts';
import { PHONE_PATTERN } from './rules/patterns.ts';
import { isEmail, maxChars, required, textRule } from './rules/rule.ts';
import { textSchema } from './rules/schema.ts';

/**
 * Organisations (spec §2 "Organisation list/detail/product/relation", §3, §7 "Organisations").
 * Ids travel as strings in replies (like search hits) and are accepted as "12" or 12.
 */

/** The largest page any organisation list serves. */
export const ORGAN_MAX_PAGE_SIZE = 50;
/** Related content of a product, and products in the product page's grid, per page. */
export const PRODUCT_CONTENT_PAGE_SIZE = 8;
export const PRODUCT_GRID_PAGE_SIZE = 8;

const pageField = z.coerce
  .number<number | string>({ error: MSG.badRequest })
  .int({ error: MSG.badRequest })
  .min(1, { error: MSG.badRequest })
  .max(10_000, { error: MSG.badRequest })
  .default(1);
const pageSizeField = (fallback: number) =>
  z.coerce
    .number<number | string>({ error: MSG.badRequest })
    .int({ error: MSG.badRequest })
    .min(1, { error: MSG.badRequest })
    .max(ORGAN_MAX_PAGE_SIZE, { error: MSG.badRequest })
    .default(fallback);

/** The directory's name search and industry filter: at most this many characters. */
export const ORGAN_FILTER_MAX = 50;
const filterField = z
  .string({ error: MSG.badRequest })
  .trim()
  .max(ORGAN_FILTER_MAX, { error: MSG.badRequest })
  .default('');

/**
 * GET /api/company/list. `psort` 最新 (new, newest organisation first) or 最热 (hot: the
 * engagement with its published reports), the only two orders spec §9 allows; `keyword` is
 * part of the name; `industry` keeps organisations with a published report in that industry.
 */
export const ZCompanyListQuery = z.object({
  page: pageField,
  page_size: pageSizeField(ORGAN_PAGE_SIZE),
  psort: z.enum(NEW_HOT_SORTS, { error: MSG.badRequest }).default('new'),
  keyword: filterField,
  industry: filterField,
});
export type TCompanyListQuery = z.input<typeof ZCompanyListQuery>;

/** GET /api/company/industries: the industry filter's choices (industries of published reports with a publisher). */
export const ZCompanyIndustriesReply = z.array(z.string());

/** GET /api/company/detail?id= */
export const ZCompanyDetailQuery = z.object({ id: idField });

/** The tabs of an organisation page whose items GET /api/company/detail/list serves. */
export const COMPANY_LIST_TABS = ['company_product', 'company_report', 'company_product_es'] as const;
export type TCompanyListTab = (typeof COMPANY_LIST_TABS)[number];

/** GET /api/company/detail/list?id=&tn=&page=&page_size= */
export const ZCompanyContentListQuery = z.object({
  id: idField,
  tn: z.enum(COMPANY_LIST_TABS, { error: MSG.unknownTab }).default('company_product'),
  page: pageField,
  page_size: pageSizeField(ORGAN_PAGE_SIZE),
});
export type TCompanyContentListQuery = z.input<typeof ZCompanyContentListQuery>;

/** GET /api/company/product/detail?product_id=&company_id= (`id` is read as product_id too). */
export const ZProductDetailQuery = z
  .object({ product_id: idField.optional(), id: idField.optional(), company_id: idField.optional() })
  .transform((q, ctx) => {
    const productId = q.product_id ?? q.id;
    if (productId === undefined) {
      ctx.addIssue({ code: 'custom', message: MSG.badRequest, path: ['product_id'] });
      return z.NEVER;
    }
    return { product_id: productId, company_id: q.company_id };
  });
export type TProductDetailQuery = z.input<typeof ZProductDetailQuery>;

/** GET /api/company/product/content/list?product_id=&page=&page_size= */
export const ZProductContentListQuery = z.object({
  product_id: idField,
  page: pageField,
  page_size: pageSizeField(PRODUCT_CONTENT_PAGE_SIZE),
});

/** GET /api/company/product/content/detail?id= */
export const ZProductContentDetailQuery = z.object({ id: idField });

/** GET /api/company/contact/detail?type=&id= : the form's prefill for organisation `id`. */
export const ZContactDetailQuery = z.object({
  type: z.coerce
    .number<number | string>({ error: MSG.badRequest })
    .pipe(z.literal([ContactType.moreInfo, ContactType.contact], { error: MSG.badRequest })),
  id: idField,
});

/** POST /api/company/authorize (ours): the user consents to share their details with the organisation. */
export const ZAuthorizeRequest = z.object({ company_id: idField });
export const ZAuthorizeReply = z.object({ is_authorize: z.number().int() });
export type TAuthorizeReply = z.infer<typeof ZAuthorizeReply>;

export const ZStatistic = z.object({ name: z.string(), count: z.number().int() });
export type TStatistic = z.infer<typeof ZStatistic>;

export const ZSocialAccount = z.object({ name: z.string(), url: z.string() });
export type TSocialAccount = z.infer<typeof ZSocialAccount>;

/** A card of the organisation list. */
export const ZOrganCard = z.object({
  company_id: z.string(),
  name: z.string(),
  logo: z.string(),
  is_certification: z.number().int(),
  statistics: z.array(ZStatistic),
});
export type TOrganCard = z.infer<typeof ZOrganCard>;

export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total_size: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
export type TPaged<T> = { data: T[]; total_size: number; page: number; page_size: number };

export const ZCompanyListReply = pagedSchema(ZOrganCard);

/** GET /api/company/detail */
export const ZOrganDetail = ZOrganCard.extend({
  company_name: z.string(),
  /** 0 joined, 1 not joined (report company links say 此机构暂未入驻). */
  status: z.number().int(),
  official_website: z.string(),
  social_accounts: z.array(ZSocialAccount),
  introduction: z.string(),
  /** 1 when this user has consented to share their details with the organisation. */
  is_authorize: z.number().int(),
  /** Ours: where an uncertified organisation's staff send a claim request (ORGAN_CLAIM_EMAIL). */
  claim_email: z.string(),
});
export type TOrganDetail = z.infer<typeof ZOrganDetail>;

/** A product card (organisation page tab, product page grid). */
export const ZProductCard = z.object({
  product_id: z.string(),
  company_id: z.string(),
  title: z.string(),
  cover: z.string(),
  create_time: z.string(),
});
export type TProductCard = z.infer<typeof ZProductCard>;

/** Spec §3 "meterials": type 1 image, 2 video (a video has its poster in `cover`). */
export const ZProductMaterial = z.object({
  url: z.string(),
  type: z.union([z.literal(1), z.literal(2)]),
  cover: z.string(),
});
export type TProductMaterial = z.infer<typeof ZProductMaterial>;

/** GET /api/company/product/detail */
export const ZProductDetail = ZProductCard.extend({
  company_name: z.string(),
  company_logo: z.string(),
  is_certification: z.number().int(),
  is_authorize: z.number().int(),
  /** Sanitised HTML. */
  content: z.string(),
  meterials: z.array(ZProductMaterial),
});
export type TProductDetail = z.infer<typeof ZProductDetail>;

export const RelatedContentType = { report: 1, video: 2 } as const;

/** A product's related content item (spec §3): type 1 opens the report, type 2 the relation page. */
export const ZRelatedContent = z.object({
  content_id: z.string(),
  product_id: z.string(),
  company_id: z.string(),
  type: z.union([z.literal(1), z.literal(2)]),
  title: z.string(),
  cover: z.string(),
  create_time: z.string(),
  /** Seconds (videos). */
  video_duration: z.number().int(),
  authorization_required: z.number().int(),
  /** Type 1: the report's detail id (index portal_report); '' for videos. */
  detail_id: z.string(),
});
export type TRelatedContent = z.infer<typeof ZRelatedContent>;

/** A report of the organisation (its 报告 tab). */
export const ZOrganReport = z.object({
  detail_id: z.string(),
  index: z.string(),
  title: z.string(),
  cover: z.string(),
  create_time: z.string(),
});
export type TOrganReport = z.infer<typeof ZOrganReport>;

export type TCompanyContentItem<T extends TCompanyListTab> = T extends 'company_product'
  ? TProductCard
  : T extends 'company_report'
    ? TOrganReport
    : TRelatedContent;

/** GET /api/company/product/content/detail (spec §3 "Relation content"). */
export const ZRelationDetail = z.object({
  content_id: z.string(),
  product_id: z.string(),
  company_id: z.string(),
  cover: z.string(),
  company_name: z.string(),
  company_logo: z.string(),
  product_title: z.string(),
  title: z.string(),
  /** The video; '' while locked (authorization required and not given) or when none is kept. */
  material_url: z.string(),
  create_time: z.string(),
  video_duration: z.number().int(),
  /** Sanitised HTML; '' while locked. */
  content: z.string(),
  authorization_required: z.number().int(),
  is_authorize: z.number().int(),
  /** true when the body is withheld until the user consents (POST /api/company/authorize). */
  locked: z.boolean(),
});
export type TRelationDetail = z.infer<typeof ZRelationDetail>;

/** GET /api/company/contact/detail: what the form starts with (the user's last enquiry, else the account). */
export const ZContactPrefill = z.object({
  company_id: z.string(),
  company_name: z.string(),
  type: z.number().int(),
  company: z.string(),
  department: z.string(),
  job: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  is_authorize: z.number().int(),
});
export type TContactPrefill = z.infer<typeof ZContactPrefill>;

/** POST /api/company/contact/create reply. `duplicate` true when this submission id was already stored. */
export const ZContactCreateReply = z.object({ id: z.string(), duplicate: z.boolean() });
export type TContactCreateReply = z.infer<typeof ZContactCreateReply>;

/** Longest claim message (plain characters). */
export const CLAIM_MESSAGE_MAX = 500;

/** A claim's contact: a mainland mobile or an e-mail address (a reply by e-mail needs the latter). */
export const validateClaimContact = textRule(required(MSG.contactRequired), (text) =>
  PHONE_PATTERN.test(text) || isEmail(text) ? null : MSG.claimContact,
);
/** Who the organisation's staff member is and how to check it (position, licence…). */
export const validateClaimMessage = textRule(
  required(MSG.contactRequired),
  maxChars(CLAIM_MESSAGE_MAX, MSG.claimMessageTooLong),
);

/**
 * POST /api/company/claim (ours): the claim dialog's form; the claim lands in the back-office's
 * claims inbox. `name` follows the enquiry form's name rule.
 */
export const ZClaimCreateRequest = z.object({
  company_id: idField,
  name: textSchema(validateContactText),
  contact: textSchema(validateClaimContact),
  message: textSchema(validateClaimMessage),
});
export type TClaimCreateInput = z.input<typeof ZClaimCreateRequest>;
export const ZClaimCreateReply = z.object({ id: z.string() });
export type TClaimCreateReply = z.infer<typeof ZClaimCreateReply>;
