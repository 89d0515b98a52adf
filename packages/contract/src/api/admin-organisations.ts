import type { TAdminUploadedFile } from '../admin/banners.ts';
import type { TAdminIdReply } from '../admin/content.ts';
import type {
  TAdminOrganContentCreate,
  TAdminOrganCreate,
  TAdminOrganDetail,
  TAdminOrganImpact,
  TAdminOrganList,
  TAdminOrganListQuery,
  TAdminOrganRow,
  TAdminOrganUpdate,
  TAdminProductCreate,
  TAdminProductDetail,
  TAdminProductRemoved,
  TAdminProductSaved,
  TAdminProductUpdate,
} from '../admin/organisations.ts';
import type { TMultipart } from './endpoint.ts';
import { del, get, post, put } from './endpoint.ts';

/** The back-office's organisations, their products and the products' related content (role 2 only). */
export const adminOrganisationsApi = {
  list: get('/api/admin/organisations').takes<TAdminOrganListQuery>().returns<TAdminOrganList>(),
  /** A logo, cover or product picture, or an MP4 video: the form's `file`. */
  upload: post('/api/admin/organisations/upload').takes<TMultipart>().returns<TAdminUploadedFile>(),
  create: post('/api/admin/organisations').takes<TAdminOrganCreate>().returns<TAdminIdReply>(),
  detail: get('/api/admin/organisations/:id').returns<TAdminOrganDetail>(),
  update: put('/api/admin/organisations/:id').takes<TAdminOrganUpdate>().returns<TAdminOrganRow>(),
  /** Answers what went with it. */
  remove: del('/api/admin/organisations/:id').returns<TAdminOrganImpact>(),
  createProduct: post('/api/admin/organisations/:id/products')
    .takes<TAdminProductCreate>()
    .returns<TAdminIdReply>(),
  product: get('/api/admin/organisations/products/:id').returns<TAdminProductDetail>(),
  updateProduct: put('/api/admin/organisations/products/:id')
    .takes<TAdminProductUpdate>()
    .returns<TAdminProductSaved>(),
  removeProduct: del('/api/admin/organisations/products/:id').returns<TAdminProductRemoved>(),
  /** A related report or video page of the product `:id`. */
  createContent: post('/api/admin/organisations/products/:id/contents')
    .takes<TAdminOrganContentCreate>()
    .returns<TAdminIdReply>(),
  removeContent: del('/api/admin/organisations/contents/:id').returns<TAdminIdReply>(),
};
