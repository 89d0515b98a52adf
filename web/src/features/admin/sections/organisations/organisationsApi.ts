import type {
  TAdminIdReply,
  TAdminOrganContentCreate,
  TAdminOrganCreate,
  TAdminOrganDetail,
  TAdminOrganImpact,
  TAdminOrganList,
  TAdminOrganRow,
  TAdminOrganUpdate,
  TAdminProductCreate,
  TAdminProductDetail,
  TAdminProductRemoved,
  TAdminProductSaved,
  TAdminProductUpdate,
  TAdminUploadedFile,
} from '@portal/contract';
import { api, apiRequest } from '../../../../api/client.ts';
import type { TPageQuery } from '../../api.ts';

const BASE = '/api/admin/organisations';

/** The organisations section's calls (role 2): organisations, their products and related content. */
export const organisationsApi = {
  list: (query: TPageQuery) => api.get<TAdminOrganList>(BASE, query),
  detail: (id: number) => api.get<TAdminOrganDetail>(`${BASE}/${id}`),
  create: (body: TAdminOrganCreate) => api.post<TAdminIdReply>(BASE, body),
  update: (id: number, body: TAdminOrganUpdate) =>
    apiRequest<TAdminOrganRow>('PUT', `${BASE}/${id}`, { body }),
  remove: (id: number) => apiRequest<TAdminOrganImpact>('DELETE', `${BASE}/${id}`),
  /** An image (logo, cover, product picture) or an MP4 video; the reply's key goes into the save. */
  upload: (file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return api.post<TAdminUploadedFile>(`${BASE}/upload`, body);
  },
  createProduct: (organisationId: number, body: TAdminProductCreate) =>
    api.post<TAdminIdReply>(`${BASE}/${organisationId}/products`, body),
  product: (id: number) => api.get<TAdminProductDetail>(`${BASE}/products/${id}`),
  updateProduct: (id: number, body: TAdminProductUpdate) =>
    apiRequest<TAdminProductSaved>('PUT', `${BASE}/products/${id}`, { body }),
  removeProduct: (id: number) => apiRequest<TAdminProductRemoved>('DELETE', `${BASE}/products/${id}`),
  createContent: (productId: number, body: TAdminOrganContentCreate) =>
    api.post<TAdminIdReply>(`${BASE}/products/${productId}/contents`, body),
  removeContent: (id: number) => apiRequest<TAdminIdReply>('DELETE', `${BASE}/contents/${id}`),
};

export const organisationsKeys = {
  all: ['admin', 'organisations'] as const,
  list: (query: TPageQuery) => ['admin', 'organisations', 'list', query] as const,
  detail: (id: number) => ['admin', 'organisations', 'detail', id] as const,
  product: (id: number) => ['admin', 'organisations', 'product', id] as const,
};
