import { z } from 'zod';
import { MSG } from '../messages.ts';
import { idField } from '../rules/fields.ts';
import { maxChars, matches, optionalRule, required, textRule } from '../rules/rule.ts';
import { textSchema } from '../rules/schema.ts';
import { ZTheme } from '../session.ts';

/**
 * The back-office's menu and theme (issue 16, spec §3): the sidebar menu's labels, paths, order
 * and visibility (menu_items), and the theme colours and logo the session reply carries.
 */

export const MENU_LABEL_MAX = 20;

export const validateMenuLabel = textRule(
  required(MSG.adminMenuLabelRequired),
  maxChars(MENU_LABEL_MAX, MSG.adminMenuLabelTooLong),
);
/** A path inside the portal: `/` then letters, digits, `_`, `-`, `/`, and an optional query. */
export const validateMenuPath = textRule(
  required(MSG.adminMenuPathInvalid),
  maxChars(200, MSG.adminMenuPathInvalid),
  matches(/^\/[A-Za-z0-9_\-/]*(\?[A-Za-z0-9_\-=&%.]*)?$/, MSG.adminMenuPathInvalid),
);
/** A colour as `#rrggbb`. */
export const validateThemeColor = textRule(matches(/^#[0-9a-fA-F]{6}$/, MSG.adminColorInvalid));
/** The logo: empty (the configured one), a path on this site, or an http(s) address. */
export const validateLogoUrl = optionalRule(
  textRule(
    maxChars(1000, MSG.adminLogoInvalid),
    matches(/^(\/[^\s/][^\s]*|https?:\/\/[^\s]+)$/i, MSG.adminLogoInvalid),
  ),
);

const ZVersion = z.coerce.number<number | string>({ error: MSG.badRequest }).int().min(0).max(2_147_483_647);

export const ZAdminMenuItem = z.object({
  id: z.number(),
  parent_id: z.number().nullable(),
  key: z.string(),
  title: z.string(),
  path: z.string(),
  sort_order: z.number(),
  enabled: z.boolean(),
  version: z.number(),
});
export type TAdminMenuItem = z.infer<typeof ZAdminMenuItem>;
/** GET /api/admin/site/menu: every item, parents first, each level in display order. */
export const ZAdminMenuReply = z.object({ items: z.array(ZAdminMenuItem) });
export type TAdminMenuReply = z.infer<typeof ZAdminMenuReply>;

export const ZAdminMenuParams = z.object({ id: idField });
/** PUT /api/admin/site/menu/{id}: label, path, order among its siblings, shown or hidden. */
export const ZAdminMenuUpdate = z.object({
  title: textSchema(validateMenuLabel),
  path: textSchema(validateMenuPath),
  sort_order: z.coerce
    .number<number | string>({ error: MSG.adminMenuOrderInvalid })
    .int({ error: MSG.adminMenuOrderInvalid })
    .min(0, { error: MSG.adminMenuOrderInvalid })
    .max(9999, { error: MSG.adminMenuOrderInvalid }),
  enabled: z.boolean({ error: MSG.badRequest }),
  version: ZVersion,
});
export type TAdminMenuUpdate = z.input<typeof ZAdminMenuUpdate>;

const colour = textSchema(validateThemeColor);
/** PUT /api/admin/site/theme: the spec's theme colours and the logo; `version` 0 before the first save. */
export const ZAdminThemeUpdate = z.object({
  theme_color: colour,
  nav_font_color: colour,
  button_bg1: colour,
  button_bg2: colour,
  border_bg_check: colour,
  button_bg_check: colour,
  nav_background: colour,
  logo: textSchema(validateLogoUrl).default(''),
  version: ZVersion,
});
export type TAdminThemeUpdate = z.input<typeof ZAdminThemeUpdate>;

/** GET /api/admin/site/theme: what the session reply carries now (stored, else configured). */
export const ZAdminThemeReply = ZTheme.extend({ logo: z.string(), version: z.number() });
export type TAdminThemeReply = z.infer<typeof ZAdminThemeReply>;
