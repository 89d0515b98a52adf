import { z } from 'zod';
import { MSG } from '../messages.ts';
import { idField } from '../rules/fields.ts';
import { maxChars, optionalRule, matches, textRule } from '../rules/rule.ts';
import { textSchema } from '../rules/schema.ts';
import { validateAdminTitle } from './content.ts';

/**
 * Back-office, banners section (issue 16): the home carousel's slides — image, title, link,
 * order, enabled flag and schedule — with their click counts. Every call is role 2 only.
 *
 * - GET    /api/admin/banners                 → {data: TAdminBanner[], total}, carousel order
 * - POST   /api/admin/banners/upload          multipart `file` (image) → TAdminUploadedFile
 * - POST   /api/admin/banners                 TAdminBannerCreate → {id}
 * - PUT    /api/admin/banners/{id}            TAdminBannerUpdate → TAdminBanner (409 on an old version)
 * - POST   /api/admin/banners/{id}/enable|disable → TAdminBanner
 * - PUT    /api/admin/banners/order           {ids} (every banner once) → {data, total}
 * - DELETE /api/admin/banners/{id}            → {clicks} the click records removed with it
 */

/** A back-office row's version as the editor loaded it; a save naming another one is refused (409). */
export const ZAdminRowVersion = z.coerce
  .number<number | string>({ error: MSG.badRequest })
  .int()
  .min(1)
  .max(2_147_483_647);

export const ADMIN_SORT_MAX = 9999;
export const ADMIN_LINK_MAX = 1000;

/** A display order: a whole number 0–9999 (smaller first). */
export const ZAdminSort = z.coerce
  .number<number | string>({ error: MSG.adminSortInvalid })
  .int({ error: MSG.adminSortInvalid })
  .min(0, { error: MSG.adminSortInvalid })
  .max(ADMIN_SORT_MAX, { error: MSG.adminSortInvalid });

/**
 * Where a slide leads: a path on this site (`/report?tab=…`, never `//host`, which would leave it)
 * or an http(s) address; empty means the slide is not a link.
 */
export const validateBannerLink = optionalRule(
  textRule(
    maxChars(ADMIN_LINK_MAX, MSG.adminBannerLinkInvalid),
    matches(/^(?:\/(?![/\\])[^\s]*|https?:\/\/[^\s]+)$/i, MSG.adminBannerLinkInvalid),
  ),
);

/** Epoch milliseconds or null (open-ended). */
const ZScheduleTime = z
  .number({ error: MSG.badRequest })
  .int({ error: MSG.badRequest })
  .min(0, { error: MSG.badRequest })
  .max(8_640_000_000_000, { error: MSG.badRequest })
  .nullable();

/** A stored file's key as the upload call returned it (checked against storage by the server). */
export const ZAdminFileKey = z.string({ error: MSG.badRequest }).trim().max(512, { error: MSG.badRequest });

const bannerFields = {
  title: textSchema(validateAdminTitle),
  image_key: ZAdminFileKey.refine((key) => key !== '', { error: MSG.adminBannerImageRequired }),
  redirect_url: textSchema(validateBannerLink).default(''),
  sort: ZAdminSort.default(0),
  enabled: z.union([z.literal(0), z.literal(1)], { error: MSG.badRequest }).default(1),
  starts_at: ZScheduleTime.default(null),
  ends_at: ZScheduleTime.default(null),
};

/** A schedule must end after it starts (either end may be open). */
function scheduleInOrder(b: { starts_at: number | null; ends_at: number | null }): boolean {
  return b.starts_at === null || b.ends_at === null || b.ends_at > b.starts_at;
}

export const ZAdminBannerCreate = z
  .object(bannerFields)
  .refine(scheduleInOrder, { error: MSG.adminScheduleInvalid, path: ['ends_at'] });
export type TAdminBannerCreate = z.input<typeof ZAdminBannerCreate>;

export const ZAdminBannerUpdate = z
  .object({ ...bannerFields, version: ZAdminRowVersion })
  .refine(scheduleInOrder, { error: MSG.adminScheduleInvalid, path: ['ends_at'] });
export type TAdminBannerUpdate = z.input<typeof ZAdminBannerUpdate>;

export const ZAdminBanner = z.object({
  id: z.number(),
  title: z.string(),
  image_key: z.string(),
  image_url: z.string(),
  redirect_url: z.string(),
  sort: z.number(),
  enabled: z.number(),
  starts_at: z.number().nullable(),
  ends_at: z.number().nullable(),
  /** Enabled and within its schedule now: what the home carousel shows. */
  live: z.boolean(),
  /** Clicks logged by POST /api/banner/log. */
  clicks: z.number(),
  version: z.number(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type TAdminBanner = z.infer<typeof ZAdminBanner>;
export const ZAdminBannerList = z.object({ data: z.array(ZAdminBanner), total: z.number() });
export type TAdminBannerList = z.infer<typeof ZAdminBannerList>;

export const ZAdminBannerParams = z.object({ id: idField });

/** PUT /api/admin/banners/order: every banner's id once, in the new carousel order. */
export const ZAdminBannerOrder = z.object({
  ids: z
    .array(idField, { error: MSG.adminBannerOrderInvalid })
    .max(1000, { error: MSG.adminBannerOrderInvalid }),
});
export type TAdminBannerOrder = z.input<typeof ZAdminBannerOrder>;

/** DELETE /api/admin/banners/{id}: the click records that went with it. */
export const ZAdminBannerRemoved = z.object({ clicks: z.number() });
export type TAdminBannerRemoved = z.infer<typeof ZAdminBannerRemoved>;

/** An upload's stored file: its key (what a save sends back) and the URL a preview shows. */
export const ZAdminUploadedFile = z.object({
  key: z.string(),
  url: z.string(),
  /** 1 image, 2 video. */
  type: z.union([z.literal(1), z.literal(2)]),
});
export type TAdminUploadedFile = z.infer<typeof ZAdminUploadedFile>;
