import {
  MSG,
  ResultCode,
  ZTheme,
  type TAdminMenuItem,
  type TAdminThemeReply,
  type TTheme,
  type ZAdminMenuUpdate,
  type ZAdminThemeUpdate,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { AdminSiteRepo, MenuItemRow } from './admin-site.repo.ts';

/** What the session reply's branding is when nothing is stored: `LOGO_URL` and `THEME`. */
export type Branding = { logoUrl: string; theme: TTheme };

const THEME_KEY = 'theme';
const conflict = () => new AppError(409, ResultCode.failure, MSG.adminVersionConflict);

const menuOut = (r: MenuItemRow): TAdminMenuItem => ({ ...r, enabled: r.enabled === 1 });

/** A stored theme row → branding, over the configured defaults (a field missing keeps its default). */
function storedBranding(value: string, defaults: Branding): Branding {
  try {
    const stored = JSON.parse(value) as Record<string, unknown>;
    const theme = ZTheme.partial().safeParse(stored);
    const logo = typeof stored.logo === 'string' && stored.logo !== '' ? stored.logo : defaults.logoUrl;
    return { logoUrl: logo, theme: { ...defaults.theme, ...(theme.success ? theme.data : {}) } };
  } catch {
    return defaults;
  }
}

/**
 * The session reply's logo and theme: the stored theme over the configured defaults. Navigation
 * reads it for every GET /api/user/routes (one small query; the web fetches it once per load).
 */
export function createSiteBranding(repo: AdminSiteRepo, defaults: Branding) {
  return async (): Promise<{ branding: Branding; version: number }> => {
    const row = await repo.setting(THEME_KEY);
    return row
      ? { branding: storedBranding(row.value, defaults), version: row.version }
      : { branding: defaults, version: 0 };
  };
}

/**
 * Menu and theme (issue 16, spec §3). The menu's labels, paths, order and visibility live in
 * `menu_items` (GET /api/menu leaves hidden ones out); the theme in `site_settings`, over the
 * configured `THEME` / `LOGO_URL`, and reaches the session reply (`style`, `logo`) on the next
 * GET /api/user/routes. Writes are at the editor's version (409 otherwise) and audited.
 */
export function createAdminSiteService(deps: {
  repo: AdminSiteRepo;
  audit: AuditLog;
  clock: Clock;
  defaults: Branding;
}) {
  const { repo, audit, clock, defaults } = deps;
  const branding = createSiteBranding(repo, defaults);

  return {
    menu: async () => ({ items: (await repo.menu()).map(menuOut) }),

    async updateMenuItem(actorId: number, id: number, body: z.output<typeof ZAdminMenuUpdate>) {
      const before = await repo.menuItem(id);
      if (!before) {
        throw AppError.notFound(MSG.adminMenuNotFound);
      }
      const fields = {
        title: body.title,
        path: body.path,
        sort_order: body.sort_order,
        enabled: body.enabled ? 1 : 0,
      };
      if (before.version !== body.version || !(await repo.updateMenuItem(id, body.version, fields))) {
        throw conflict();
      }
      const keys = (Object.keys(fields) as (keyof typeof fields)[]).filter(
        (key) => before[key] !== fields[key],
      );
      await audit.record({
        actorId,
        action: 'site.menu_update',
        targetType: 'menu_item',
        targetId: id,
        before: Object.fromEntries(keys.map((key) => [key, before[key]])),
        after: Object.fromEntries(keys.map((key) => [key, fields[key]])),
      });
      return menuOut({ ...before, ...fields, version: before.version + 1 });
    },

    async theme(): Promise<TAdminThemeReply> {
      const { branding: now, version } = await branding();
      return { ...now.theme, logo: now.logoUrl, version };
    },

    async updateTheme(actorId: number, body: z.output<typeof ZAdminThemeUpdate>): Promise<TAdminThemeReply> {
      const { branding: was, version } = await branding();
      if (version !== body.version) {
        throw conflict();
      }
      const { version: _version, ...value } = body;
      if (!(await repo.saveSetting(THEME_KEY, JSON.stringify(value), version, clock.now().getTime()))) {
        throw conflict();
      }
      const before: Record<string, unknown> = { ...was.theme, logo: was.logoUrl };
      const after: Record<string, unknown> = {
        ...value,
        logo: value.logo === '' ? defaults.logoUrl : value.logo,
      };
      const keys = Object.keys(after).filter((key) => before[key] !== after[key]);
      await audit.record({
        actorId,
        action: 'site.theme_update',
        targetType: 'site',
        targetId: 1,
        before: Object.fromEntries(keys.map((key) => [key, before[key]])),
        after: Object.fromEntries(keys.map((key) => [key, after[key]])),
      });
      return { ...(after as TTheme), logo: String(after.logo), version: version + 1 };
    },
  };
}

export type AdminSiteService = ReturnType<typeof createAdminSiteService>;
