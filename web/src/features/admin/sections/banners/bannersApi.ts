import type {
  TAdminBanner,
  TAdminBannerCreate,
  TAdminBannerList,
  TAdminBannerRemoved,
  TAdminBannerUpdate,
  TAdminIdReply,
  TAdminUploadedFile,
} from '@portal/contract';
import { api, apiRequest } from '../../../../api/client.ts';

/** The banners section's calls (role 2): list, upload, create, edit, enable / disable, order, delete. */
export const bannersApi = {
  list: () => api.get<TAdminBannerList>('/api/admin/banners'),
  upload: (file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return api.post<TAdminUploadedFile>('/api/admin/banners/upload', body);
  },
  create: (body: TAdminBannerCreate) => api.post<TAdminIdReply>('/api/admin/banners', body),
  update: (id: number, body: TAdminBannerUpdate) =>
    apiRequest<TAdminBanner>('PUT', `/api/admin/banners/${id}`, { body }),
  enable: (id: number) => api.post<TAdminBanner>(`/api/admin/banners/${id}/enable`),
  disable: (id: number) => api.post<TAdminBanner>(`/api/admin/banners/${id}/disable`),
  reorder: (ids: number[]) =>
    apiRequest<TAdminBannerList>('PUT', '/api/admin/banners/order', { body: { ids } }),
  remove: (id: number) => apiRequest<TAdminBannerRemoved>('DELETE', `/api/admin/banners/${id}`),
};

export const bannersKeys = { all: ['admin', 'banners'] as const };
