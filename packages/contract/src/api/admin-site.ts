import type {
  TAdminMenuItem,
  TAdminMenuReply,
  TAdminMenuUpdate,
  TAdminThemeReply,
  TAdminThemeUpdate,
} from '../admin/site.ts';
import { get, put } from './endpoint.ts';

/** The back-office's menu items and theme (role 2); every write carries the version the screen loaded. */
export const adminSiteApi = {
  menu: get('/api/admin/site/menu').returns<TAdminMenuReply>(),
  updateMenuItem: put('/api/admin/site/menu/:id').takes<TAdminMenuUpdate>().returns<TAdminMenuItem>(),
  theme: get('/api/admin/site/theme').returns<TAdminThemeReply>(),
  updateTheme: put('/api/admin/site/theme').takes<TAdminThemeUpdate>().returns<TAdminThemeReply>(),
};
