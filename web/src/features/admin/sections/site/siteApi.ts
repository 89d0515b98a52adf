import type {
  TAdminMenuItem,
  TAdminMenuReply,
  TAdminMenuUpdate,
  TAdminThemeReply,
  TAdminThemeUpdate,
} from '@portal/contract';
import { api, apiRequest } from '../../../../api/client.ts';

/** The menu items and the theme (every write carries the version the screen loaded). */
export const siteApi = {
  menu: () => api.get<TAdminMenuReply>('/api/admin/site/menu'),
  updateMenuItem: (id: number, body: TAdminMenuUpdate) =>
    apiRequest<TAdminMenuItem>('PUT', `/api/admin/site/menu/${id}`, { body }),
  theme: () => api.get<TAdminThemeReply>('/api/admin/site/theme'),
  updateTheme: (body: TAdminThemeUpdate) =>
    apiRequest<TAdminThemeReply>('PUT', '/api/admin/site/theme', { body }),
};

export const siteKeys = {
  menu: ['admin', 'site', 'menu'] as const,
  theme: ['admin', 'site', 'theme'] as const,
};
