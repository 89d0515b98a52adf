import { z } from 'zod';
import { MSG } from '../messages.ts';
import { idField } from '../rules/fields.ts';
import { email, maxChars, matches, optionalRule, required, textRule } from '../rules/rule.ts';
import { textSchema } from '../rules/schema.ts';
import { ZAdminFileKey, ZAdminRowVersion, ZAdminSort } from './banners.ts';
import { validateAdminTitle } from './content.ts';
import { adminPageField, adminPageSizeField } from './paging.ts';

/**
 * Back-office, organisations section (issue 16): an organisation's page (name, certification,
 * logo, site, contact address, social accounts, introduction, order), its products with their
 * images and videos, and each product's related content. Every call is role 2 only.
 *
 * - GET    /api/admin/organisations?page&page_size&keyword&certified&sort → {data, total}
 * - GET    /api/admin/organisations/{id}            → TAdminOrganDetail (fields, products, impact)
 * - POST   /api/admin/organisations                 TAdminOrganCreate → {id}
 * - PUT    /api/admin/organisations/{id}            TAdminOrganUpdate → TAdminOrganRow (409 on an old version)
 * - DELETE /api/admin/organisations/{id}            → TAdminOrganImpact as it was
 * - POST   /api/admin/organisations/upload          multipart `file` (image, or MP4 video) → TAdminUploadedFile
 * - POST   /api/admin/organisations/{id}/products   TAdminProductCreate → {id}
 * - GET    /api/admin/organisations/products/{id}   → TAdminProductDetail
 * - PUT    /api/admin/organisations/products/{id}   TAdminProductUpdate → {id, version}
 * - DELETE /api/admin/organisations/products/{id}   → {contents, media}
 * - POST   /api/admin/organisations/products/{id}/contents  TAdminOrganContentCreate → {id}
 * - DELETE /api/admin/organisations/contents/{id}   → {id}
 */

export const ORGAN_NAME_MAX = 100;
export const ORGAN_INTRODUCTION_MAX = 2000;
export const ORGAN_SOCIAL_MAX = 10;
export const ORGAN_SOCIAL_NAME_MAX = 20;
export const PRODUCT_TEXT_MAX = 20_000;
export const PRODUCT_MEDIA_MAX = 20;
export const VIDEO_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

const HTTP_URL = /^https?:\/\/[^\s]+$/i;

export const validateOrganName = textRule(
  required(MSG.adminOrganNameRequired),
  maxChars(ORGAN_NAME_MAX, MSG.adminOrganNameTooLong),
);
export const validateOrganWebsite = optionalRule(
  textRule(maxChars(1000, MSG.adminWebsiteInvalid), matches(HTTP_URL, MSG.adminWebsiteInvalid)),
);
export const validateOrganContactEmail = optionalRule(textRule(email(MSG.adminContactEmailInvalid)));
export const validateOrganIntroduction = textRule(
  maxChars(ORGAN_INTRODUCTION_MAX, MSG.adminIntroductionTooLong),
);
export const validateProductText = textRule(maxChars(PRODUCT_TEXT_MAX, MSG.adminProductTextTooLong));
/** One social account: a name of 1–20 characters and an http(s) link. */
export const validateSocialName = textRule(
  required(MSG.adminSocialAccountsInvalid),
  maxChars(ORGAN_SOCIAL_NAME_MAX, MSG.adminSocialAccountsInvalid),
);
export const validateSocialUrl = textRule(
  maxChars(1000, MSG.adminSocialAccountsInvalid),
  matches(HTTP_URL, MSG.adminSocialAccountsInvalid),
);

const flag = z.union([z.literal(0), z.literal(1)], { error: MSG.badRequest });

const ZSocialAccounts = z
  .array(z.object({ name: textSchema(validateSocialName), url: textSchema(validateSocialUrl) }), {
    error: MSG.adminSocialAccountsInvalid,
  })
  .max(ORGAN_SOCIAL_MAX, { error: MSG.adminSocialAccountsInvalid });

const organFields = {
  name: textSchema(validateOrganName),
  /** 1: users see the contact form; 0: the claim dialog. */
  is_certification: flag.default(0),
  logo_key: ZAdminFileKey.default(''),
  official_website: textSchema(validateOrganWebsite).default(''),
  /** Where enquiries are e-mailed; empty: stored for the back-office only. */
  contact_email: textSchema(validateOrganContactEmail).default(''),
  introduction: textSchema(validateOrganIntroduction).default(''),
  social_accounts: ZSocialAccounts.default([]),
  sort: ZAdminSort.default(0),
};

export const ZAdminOrganCreate = z.object(organFields);
export type TAdminOrganCreate = z.input<typeof ZAdminOrganCreate>;
export const ZAdminOrganUpdate = z.object({ ...organFields, version: ZAdminRowVersion });
export type TAdminOrganUpdate = z.input<typeof ZAdminOrganUpdate>;

export const ADMIN_ORGAN_SORTS = [
  'sort',
  '-sort',
  'name',
  '-name',
  'updated_at',
  '-updated_at',
  'created_at',
  '-created_at',
] as const;

/** GET /api/admin/organisations: keyword = part of the name; certified 0/1; sort (`-` descending). */
export const ZAdminOrganListQuery = z.object({
  page: adminPageField,
  page_size: adminPageSizeField,
  keyword: z.string().trim().max(100, { error: MSG.searchTooLong }).optional(),
  certified: z.coerce.number<number | string>({ error: MSG.badRequest }).pipe(flag).optional(),
  sort: z.enum(ADMIN_ORGAN_SORTS, { error: MSG.badRequest }).default('sort'),
});
export type TAdminOrganListQuery = z.input<typeof ZAdminOrganListQuery>;

export const ZAdminOrganRow = z.object({
  id: z.number(),
  name: z.string(),
  logo_url: z.string(),
  is_certification: z.number(),
  sort: z.number(),
  products: z.number(),
  version: z.number(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type TAdminOrganRow = z.infer<typeof ZAdminOrganRow>;
export const ZAdminOrganList = z.object({ data: z.array(ZAdminOrganRow), total: z.number() });
export type TAdminOrganList = z.infer<typeof ZAdminOrganList>;

/** What deleting an organisation removes with it (announced first, returned as it was). */
export const ZAdminOrganImpact = z.object({
  products: z.number(),
  media: z.number(),
  /** Related content rows of its products. */
  contents: z.number(),
  /** Enquiries readers sent it: deleted with it. */
  enquiries: z.number(),
  /** Users' authorization consents: deleted with it. */
  authorizations: z.number(),
  /** Reports naming it as publisher: the reports stay, without this publisher. */
  reports: z.number(),
});
export type TAdminOrganImpact = z.infer<typeof ZAdminOrganImpact>;

export const ZAdminProductRow = z.object({
  id: z.number(),
  title: z.string(),
  cover_url: z.string(),
  sort: z.number(),
  media: z.number(),
  contents: z.number(),
  version: z.number(),
  updated_at: z.number(),
});
export type TAdminProductRow = z.infer<typeof ZAdminProductRow>;

export const ZAdminOrganDetail = ZAdminOrganRow.extend({
  logo_key: z.string(),
  official_website: z.string(),
  contact_email: z.string(),
  introduction: z.string(),
  social_accounts: z.array(z.object({ name: z.string(), url: z.string() })),
  product_list: z.array(ZAdminProductRow),
  impact: ZAdminOrganImpact,
});
export type TAdminOrganDetail = z.infer<typeof ZAdminOrganDetail>;

export const ZAdminOrganIdParams = z.object({ id: idField });

/** A product's image (type 1) or video (type 2): an uploaded file's key or an http(s) address. */
export const ZAdminMedia = z.object({
  type: z.union([z.literal(1), z.literal(2)], { error: MSG.adminMediaInvalid }),
  url: ZAdminFileKey.refine((url) => url !== '', { error: MSG.adminMediaInvalid }),
  /** A video's poster image (uploaded key), optional. */
  poster_key: ZAdminFileKey.default(''),
});
export type TAdminMedia = z.input<typeof ZAdminMedia>;

const productFields = {
  title: textSchema(validateAdminTitle),
  cover_key: ZAdminFileKey.default(''),
  /** Plain text: shown as typed (paragraphs by line), never as HTML. */
  text: textSchema(validateProductText).default(''),
  sort: ZAdminSort.default(0),
  media: z
    .array(ZAdminMedia, { error: MSG.adminMediaInvalid })
    .max(PRODUCT_MEDIA_MAX, { error: MSG.adminMediaInvalid })
    .default([]),
};
export const ZAdminProductCreate = z.object(productFields);
export type TAdminProductCreate = z.input<typeof ZAdminProductCreate>;
export const ZAdminProductUpdate = z.object({ ...productFields, version: ZAdminRowVersion });
export type TAdminProductUpdate = z.input<typeof ZAdminProductUpdate>;

export const ZAdminRelatedContent = z.object({
  id: z.number(),
  /** 1 a report, 2 a video page. */
  type: z.number(),
  title: z.string(),
  report_id: z.number().nullable(),
  authorization_required: z.number(),
  published_at: z.number(),
});
export type TAdminRelatedContent = z.infer<typeof ZAdminRelatedContent>;

export const ZAdminProductDetail = ZAdminProductRow.extend({
  organisation_id: z.number(),
  organisation_name: z.string(),
  cover_key: z.string(),
  text: z.string(),
  media_list: z.array(
    z.object({ type: z.number(), url: z.string(), preview_url: z.string(), poster_key: z.string() }),
  ),
  content_list: z.array(ZAdminRelatedContent),
});
export type TAdminProductDetail = z.infer<typeof ZAdminProductDetail>;

export const ZAdminProductSaved = z.object({ id: z.number(), version: z.number() });
export type TAdminProductSaved = z.infer<typeof ZAdminProductSaved>;
export const ZAdminProductRemoved = z.object({ contents: z.number(), media: z.number() });
export type TAdminProductRemoved = z.infer<typeof ZAdminProductRemoved>;

/** Related content: a report of the portal (type 1) or a video page (type 2, plain-text body). */
export const ZAdminOrganContentCreate = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal(1),
      report_id: idField,
      authorization_required: flag.default(0),
    }),
    z.object({
      type: z.literal(2),
      title: textSchema(validateAdminTitle),
      video_url: ZAdminFileKey.refine((url) => url !== '', { error: MSG.adminVideoRequired }),
      cover_key: ZAdminFileKey.default(''),
      video_duration: z.coerce
        .number<number | string>({ error: MSG.adminDurationInvalid })
        .int({ error: MSG.adminDurationInvalid })
        .min(0, { error: MSG.adminDurationInvalid })
        .max(86_400, { error: MSG.adminDurationInvalid })
        .default(0),
      text: textSchema(validateProductText).default(''),
      authorization_required: flag.default(0),
    }),
  ],
  { error: MSG.badRequest },
);
export type TAdminOrganContentCreate = z.input<typeof ZAdminOrganContentCreate>;
