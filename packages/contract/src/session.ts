import { z } from 'zod';
import { DEFAULT_THEME_COLOR } from './constants.ts';
import type { TFirstData } from './first-data.ts';

/**
 * Views the web client can mount for a server-driven route (spec §2 "Server-driven routes").
 * The server sends `{path, name, view}`; the web maps `view` to a lazily loaded page.
 */
export const VIEW_KEYS = [
  'homepage',
  'report',
  'report_details',
  'headlines',
  'headlines_details',
  'analysis',
  'analysis_details',
  'material',
  'material_details',
  'all_material',
  'collection',
  'collection_details',
  'notes',
  'organ',
  'organ_detail',
  'organ_product',
  'organ_relation',
  'feedback',
  'admin',
] as const;
export type TViewKey = (typeof VIEW_KEYS)[number];

export const ZRoute = z.object({
  path: z.string(),
  name: z.string(),
  view: z.enum(VIEW_KEYS),
});
export type TRoute = z.infer<typeof ZRoute>;

/** Theme colours of the session (spec §3 "Session user"). */
export const ZTheme = z.object({
  theme_color: z.string(),
  nav_font_color: z.string(),
  button_bg1: z.string(),
  button_bg2: z.string(),
  border_bg_check: z.string(),
  button_bg_check: z.string(),
  nav_background: z.string(),
});
export type TTheme = z.infer<typeof ZTheme>;

export const DEFAULT_THEME: TTheme = {
  theme_color: DEFAULT_THEME_COLOR,
  nav_font_color: '#1f1f1f',
  button_bg1: DEFAULT_THEME_COLOR,
  // One colour by default: a lighter right end would put white button text below AA contrast.
  button_bg2: DEFAULT_THEME_COLOR,
  border_bg_check: DEFAULT_THEME_COLOR,
  button_bg_check: '#fff3eb',
  nav_background: '#ffffff',
};

export const ZSessionUser = z.object({
  phone: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  email: z.string(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

/** GET /api/user/routes?type=1|2 — the spec's "shared call with type 1 or 2". */
export const ZRoutesQuery = z.object({
  type: z.coerce
    .number<number | string>()
    .int()
    .pipe(z.union([z.literal(1), z.literal(2)])),
});
export type TRoutesQuery = z.infer<typeof ZRoutesQuery>;

export const ZRoutesReply = z.object({
  routes: z.array(ZRoute),
  login_role_type: z.array(z.number().int()),
  logo: z.string(),
  style: ZTheme,
  user: ZSessionUser,
});
export type TRoutesReply = z.infer<typeof ZRoutesReply>;

/**
 * The session calls a signed-in screen starts from, as the server would answer them, written
 * into the page's HTML (`<script type="application/json" id=…>`) when the request carried the
 * token cookie: the first render has the routes, menu and theme without waiting for the code
 * to load and ask. Each entry is the call's whole envelope; an absent one is fetched as usual.
 */
export const SESSION_DATA_ELEMENT_ID = 'session-data';
export type TSessionData = {
  /** GET /api/user/routes?type=1 */
  routes: unknown;
  /** GET /api/menu */
  menu: unknown;
  /** GET /api/user/routes?type=2, for an admin */
  adminRoutes?: unknown;
  /** The screen's first query, answered (first-data.ts): a detail screen's POST /api/detail. */
  first?: TFirstData[];
};
