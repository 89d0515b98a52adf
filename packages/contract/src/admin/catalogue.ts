import { z } from 'zod';
import { MSG } from '../messages.ts';
import { idField } from '../rules/fields.ts';
import { charsBetween, required, textRule } from '../rules/rule.ts';
import { textSchema } from '../rules/schema.ts';
import { validateKeyword } from '../rules/subscription.ts';

/**
 * The back-office catalogue (issue 16): company types, each type's industries, and the
 * recommended subscription keywords users pick from at onboarding and in 订阅设置.
 */

/** A company type's or an industry's name: trimmed, required, at most 20 characters. */
export const CATALOGUE_NAME_MAX = 20;
export const validateCatalogueName = textRule(
  required(MSG.adminCatalogueNameRequired),
  charsBetween(0, CATALOGUE_NAME_MAX, MSG.adminCatalogueNameTooLong),
);

/** The three lists; each is its own path segment under /api/admin/catalogue/. */
export const CATALOGUE_KINDS = ['company-types', 'industries', 'keywords'] as const;
export type TCatalogueKind = (typeof CATALOGUE_KINDS)[number];

/** The name rule of a kind: keywords follow the subscription keyword rule (≤ 20 counted characters). */
export const catalogueNameRule = (kind: TCatalogueKind) =>
  kind === 'keywords' ? validateKeyword : validateCatalogueName;

const ZVersion = z.coerce.number<number | string>({ error: MSG.badRequest }).int().min(0).max(2_147_483_647);

/** One entry of a list; `users`: how many users have chosen it (what deleting it touches). */
export const ZCatalogueEntry = z.object({
  id: z.number(),
  name: z.string(),
  version: z.number(),
  users: z.number(),
});
export type TCatalogueEntry = z.infer<typeof ZCatalogueEntry>;

export const ZCatalogueCompanyType = ZCatalogueEntry.extend({ industries: z.array(ZCatalogueEntry) });
export type TCatalogueCompanyType = z.infer<typeof ZCatalogueCompanyType>;

/** GET /api/admin/catalogue, and the reply of every write: each list in display order. */
export const ZAdminCatalogue = z.object({
  company_types: z.array(ZCatalogueCompanyType),
  keywords: z.array(ZCatalogueEntry),
});
export type TAdminCatalogue = z.infer<typeof ZAdminCatalogue>;

export const ZCatalogueParams = z.object({ id: idField });

/** POST …/company-types, …/company-types/{id}/industries, …/keywords. */
export const catalogueCreateSchema = (kind: TCatalogueKind) =>
  z.object({ name: textSchema(catalogueNameRule(kind)) });
export type TCatalogueCreate = { name: string };

/** PUT …/{kind}/{id}: rename at the version the editor saw. */
export const catalogueRenameSchema = (kind: TCatalogueKind) =>
  z.object({ name: textSchema(catalogueNameRule(kind)), version: ZVersion });
export type TCatalogueRename = { name: string; version: number };

/** POST …/{kind}/{id}/move: swap with the neighbour above or below. */
export const ZCatalogueMove = z.object({
  direction: z.enum(['up', 'down'], { error: MSG.badRequest }),
  version: ZVersion,
});
export type TCatalogueMove = z.input<typeof ZCatalogueMove>;

/** DELETE …/{kind}/{id}?version= */
export const ZCatalogueDeleteQuery = z.object({ version: ZVersion });

/**
 * GET …/{kind}/{id}/impact: what deleting the entry does. `users`: users who chose it (a type:
 * its own and its industries' users). Their choice becomes empty; a deleted keyword stays in
 * their subscription as a custom keyword.
 */
export const ZCatalogueImpact = z.object({ users: z.number() });
export type TCatalogueImpact = z.infer<typeof ZCatalogueImpact>;

/**
 * GET /api/admin/catalogue/reindex: the re-index after the last keyword change — documents whose
 * title or body holds the keyword, written again so that it is one token in them.
 */
export const ZCatalogueReindex = z.object({ queued: z.number(), done: z.number() });
export type TCatalogueReindex = z.infer<typeof ZCatalogueReindex>;
