import type { TAdminBannerCreate, TAdminBannerUpdate } from '@portal/contract';
import { adminBannersApi } from '@portal/contract';
import { call } from '../../../../api/client.ts';

/** The banners section's calls (role 2): list, upload, create, edit, enable / disable, order, delete. */
export const bannersApi = {
  list: () => call(adminBannersApi.list, undefined),
  upload: (file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return call(adminBannersApi.upload, body);
  },
  create: (body: TAdminBannerCreate) => call(adminBannersApi.create, body),
  update: (id: number, body: TAdminBannerUpdate) => call(adminBannersApi.update, body, { params: { id } }),
  enable: (id: number) => call(adminBannersApi.enable, undefined, { params: { id } }),
  disable: (id: number) => call(adminBannersApi.disable, undefined, { params: { id } }),
  reorder: (ids: number[]) => call(adminBannersApi.reorder, { ids }),
  remove: (id: number) => call(adminBannersApi.remove, undefined, { params: { id } }),
};

export const bannersKeys = { all: ['admin', 'banners'] as const };
