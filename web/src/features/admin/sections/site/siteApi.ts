import type { TAdminMenuUpdate, TAdminThemeUpdate } from '@portal/contract';
import { adminSiteApi } from '@portal/contract';
import { call } from '../../../../api/client.ts';

/** The menu items and the theme (every write carries the version the screen loaded). */
export const siteApi = {
  menu: () => call(adminSiteApi.menu, undefined),
  updateMenuItem: (id: number, body: TAdminMenuUpdate) =>
    call(adminSiteApi.updateMenuItem, body, { params: { id } }),
  theme: () => call(adminSiteApi.theme, undefined),
  updateTheme: (body: TAdminThemeUpdate) => call(adminSiteApi.updateTheme, body),
};

export const siteKeys = {
  menu: ['admin', 'site', 'menu'] as const,
  theme: ['admin', 'site', 'theme'] as const,
};
