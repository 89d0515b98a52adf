import type {
  TAdminBanner,
  TAdminBannerCreate,
  TAdminBannerList,
  TAdminBannerOrder,
  TAdminBannerRemoved,
  TAdminBannerUpdate,
  TAdminUploadedFile,
} from '../admin/banners.ts';
import type { TAdminIdReply } from '../admin/content.ts';
import type { TMultipart } from './endpoint.ts';
import { del, get, post, put } from './endpoint.ts';

/** The back-office's home-page banners (role 2 only). */
export const adminBannersApi = {
  list: get('/api/admin/banners').returns<TAdminBannerList>(),
  /** An image for a banner: the form's `file`. */
  upload: post('/api/admin/banners/upload').takes<TMultipart>().returns<TAdminUploadedFile>(),
  create: post('/api/admin/banners').takes<TAdminBannerCreate>().returns<TAdminIdReply>(),
  /** Every banner's id once, in the new carousel order; answers the reordered list. */
  reorder: put('/api/admin/banners/order').takes<TAdminBannerOrder>().returns<TAdminBannerList>(),
  update: put('/api/admin/banners/:id').takes<TAdminBannerUpdate>().returns<TAdminBanner>(),
  enable: post('/api/admin/banners/:id/enable').returns<TAdminBanner>(),
  disable: post('/api/admin/banners/:id/disable').returns<TAdminBanner>(),
  /** Answers how many click records went with it. */
  remove: del('/api/admin/banners/:id').returns<TAdminBannerRemoved>(),
};
