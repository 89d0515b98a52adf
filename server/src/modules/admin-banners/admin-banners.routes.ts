import multipart from '@fastify/multipart';
import {
  adminBannersApi,
  envelopeSchema,
  MSG,
  ZAdminBanner,
  ZAdminBannerCreate,
  ZAdminBannerList,
  ZAdminBannerOrder,
  ZAdminBannerParams,
  ZAdminBannerRemoved,
  ZAdminBannerUpdate,
  ZAdminIdReply,
  ZAdminUploadedFile,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok } from '../../http/envelope.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { PUBLIC_UPLOAD_LIMITS, storePublicUpload } from '../admin-organisations/public-upload.ts';
import { currentUser } from '../auth/require-user.ts';
import type { AdminBannersService } from './admin-banners.service.ts';

/** The back-office banner calls (role 2 only; packages/contract/src/admin/banners.ts). */
export function adminBannersRoutes(banners: AdminBannersService, storage: Storage): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: PUBLIC_UPLOAD_LIMITS });
    // onRequest: the role is checked before a body is read, so nobody else's upload is parsed.
    const guard = { onRequest: app.requireAdmin };
    const withId = { params: ZAdminBannerParams, response: { 200: envelopeSchema(ZAdminBanner) } };

    route(
      app,
      adminBannersApi.list,
      { ...guard, schema: { response: { 200: envelopeSchema(ZAdminBannerList) } } },
      async () => ok(await banners.list()),
    );

    route(
      app,
      adminBannersApi.upload,
      { ...guard, schema: { response: { 200: envelopeSchema(ZAdminUploadedFile) } } },
      async (request) => ok(await storePublicUpload(request, storage, 'banners', false)),
    );

    route(
      app,
      adminBannersApi.create,
      { ...guard, schema: { body: ZAdminBannerCreate, response: { 200: envelopeSchema(ZAdminIdReply) } } },
      async (request) => ok({ id: await banners.create(currentUser(request), request.body) }, MSG.saved),
    );

    route(
      app,
      adminBannersApi.reorder,
      { ...guard, schema: { body: ZAdminBannerOrder, response: { 200: envelopeSchema(ZAdminBannerList) } } },
      async (request) => ok(await banners.reorder(currentUser(request), request.body.ids), MSG.saved),
    );

    route(
      app,
      adminBannersApi.update,
      { ...guard, schema: { ...withId, body: ZAdminBannerUpdate } },
      async (request) =>
        ok(await banners.update(currentUser(request), request.params.id, request.body), MSG.saved),
    );

    route(app, adminBannersApi.enable, { ...guard, schema: withId }, async (request) =>
      ok(await banners.enable(currentUser(request), request.params.id)),
    );

    route(app, adminBannersApi.disable, { ...guard, schema: withId }, async (request) =>
      ok(await banners.disable(currentUser(request), request.params.id)),
    );

    route(
      app,
      adminBannersApi.remove,
      {
        ...guard,
        schema: { params: ZAdminBannerParams, response: { 200: envelopeSchema(ZAdminBannerRemoved) } },
      },
      async (request) => ok(await banners.remove(currentUser(request), request.params.id), MSG.deleted),
    );
  };
}
