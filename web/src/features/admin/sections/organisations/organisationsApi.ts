import type {
  TAdminOrganContentCreate,
  TAdminOrganCreate,
  TAdminOrganUpdate,
  TAdminProductCreate,
  TAdminProductUpdate,
} from '@portal/contract';
import { adminOrganisationsApi } from '@portal/contract';
import { call } from '../../../../api/client.ts';
import type { TPageQuery } from '../../api.ts';

/** The organisations section's calls (role 2): organisations, their products and related content. */
export const organisationsApi = {
  /** The table's page, filters and sort as the address holds them: the server validates them. */
  list: (query: TPageQuery) => call(adminOrganisationsApi.list, {}, { query }),
  detail: (id: number) => call(adminOrganisationsApi.detail, undefined, { params: { id } }),
  create: (body: TAdminOrganCreate) => call(adminOrganisationsApi.create, body),
  update: (id: number, body: TAdminOrganUpdate) =>
    call(adminOrganisationsApi.update, body, { params: { id } }),
  remove: (id: number) => call(adminOrganisationsApi.remove, undefined, { params: { id } }),
  /** An image (logo, cover, product picture) or an MP4 video; the reply's key goes into the save. */
  upload: (file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return call(adminOrganisationsApi.upload, body);
  },
  createProduct: (organisationId: number, body: TAdminProductCreate) =>
    call(adminOrganisationsApi.createProduct, body, { params: { id: organisationId } }),
  product: (id: number) => call(adminOrganisationsApi.product, undefined, { params: { id } }),
  updateProduct: (id: number, body: TAdminProductUpdate) =>
    call(adminOrganisationsApi.updateProduct, body, { params: { id } }),
  removeProduct: (id: number) => call(adminOrganisationsApi.removeProduct, undefined, { params: { id } }),
  createContent: (productId: number, body: TAdminOrganContentCreate) =>
    call(adminOrganisationsApi.createContent, body, { params: { id: productId } }),
  removeContent: (id: number) => call(adminOrganisationsApi.removeContent, undefined, { params: { id } }),
};

export const organisationsKeys = {
  all: ['admin', 'organisations'] as const,
  list: (query: TPageQuery) => ['admin', 'organisations', 'list', query] as const,
  detail: (id: number) => ['admin', 'organisations', 'detail', id] as const,
  product: (id: number) => ['admin', 'organisations', 'product', id] as const,
};
