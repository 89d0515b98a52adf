import multipart from '@fastify/multipart';
import {
  adminOrganisationsApi,
  envelopeSchema,
  MSG,
  ZAdminIdReply,
  ZAdminOrganContentCreate,
  ZAdminOrganCreate,
  ZAdminOrganDetail,
  ZAdminOrganIdParams,
  ZAdminOrganImpact,
  ZAdminOrganList,
  ZAdminOrganListQuery,
  ZAdminOrganRow,
  ZAdminOrganUpdate,
  ZAdminProductCreate,
  ZAdminProductDetail,
  ZAdminProductRemoved,
  ZAdminProductSaved,
  ZAdminProductUpdate,
  ZAdminUploadedFile,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok } from '../../http/envelope.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { currentUser } from '../auth/require-user.ts';
import type { AdminOrganisationsService } from './admin-organisations.service.ts';
import { PUBLIC_UPLOAD_LIMITS, storePublicUpload } from './public-upload.ts';

const reply = <T extends Parameters<typeof envelopeSchema>[0]>(data: T) => ({ 200: envelopeSchema(data) });

/** The back-office organisation calls (role 2 only; packages/contract/src/admin/organisations.ts). */
export function adminOrganisationsRoutes(
  organs: AdminOrganisationsService,
  storage: Storage,
): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: PUBLIC_UPLOAD_LIMITS });
    // onRequest: the role is checked before a body is read, so nobody else's upload is parsed.
    const guard = { onRequest: app.requireAdmin };
    const params = ZAdminOrganIdParams;

    route(
      app,
      adminOrganisationsApi.list,
      { ...guard, schema: { querystring: ZAdminOrganListQuery, response: reply(ZAdminOrganList) } },
      async (request) => ok(await organs.list(request.query)),
    );

    route(
      app,
      adminOrganisationsApi.upload,
      { ...guard, schema: { response: reply(ZAdminUploadedFile) } },
      async (request) => ok(await storePublicUpload(request, storage, 'organisations', true)),
    );

    route(
      app,
      adminOrganisationsApi.create,
      { ...guard, schema: { body: ZAdminOrganCreate, response: reply(ZAdminIdReply) } },
      async (request) => ok({ id: await organs.create(currentUser(request), request.body) }, MSG.saved),
    );

    route(
      app,
      adminOrganisationsApi.detail,
      { ...guard, schema: { params, response: reply(ZAdminOrganDetail) } },
      async (request) => ok(await organs.detail(request.params.id)),
    );

    route(
      app,
      adminOrganisationsApi.update,
      { ...guard, schema: { params, body: ZAdminOrganUpdate, response: reply(ZAdminOrganRow) } },
      async (request) =>
        ok(await organs.update(currentUser(request), request.params.id, request.body), MSG.saved),
    );

    route(
      app,
      adminOrganisationsApi.remove,
      { ...guard, schema: { params, response: reply(ZAdminOrganImpact) } },
      async (request) => ok(await organs.remove(currentUser(request), request.params.id), MSG.deleted),
    );

    route(
      app,
      adminOrganisationsApi.createProduct,
      { ...guard, schema: { params, body: ZAdminProductCreate, response: reply(ZAdminIdReply) } },
      async (request) =>
        ok(
          { id: await organs.createProduct(currentUser(request), request.params.id, request.body) },
          MSG.saved,
        ),
    );

    route(
      app,
      adminOrganisationsApi.product,
      { ...guard, schema: { params, response: reply(ZAdminProductDetail) } },
      async (request) => ok(await organs.productDetail(request.params.id)),
    );

    route(
      app,
      adminOrganisationsApi.updateProduct,
      { ...guard, schema: { params, body: ZAdminProductUpdate, response: reply(ZAdminProductSaved) } },
      async (request) =>
        ok(await organs.updateProduct(currentUser(request), request.params.id, request.body), MSG.saved),
    );

    route(
      app,
      adminOrganisationsApi.removeProduct,
      { ...guard, schema: { params, response: reply(ZAdminProductRemoved) } },
      async (request) => ok(await organs.removeProduct(currentUser(request), request.params.id), MSG.deleted),
    );

    route(
      app,
      adminOrganisationsApi.createContent,
      { ...guard, schema: { params, body: ZAdminOrganContentCreate, response: reply(ZAdminIdReply) } },
      async (request) =>
        ok(
          { id: await organs.createContent(currentUser(request), request.params.id, request.body) },
          MSG.saved,
        ),
    );

    route(
      app,
      adminOrganisationsApi.removeContent,
      { ...guard, schema: { params, response: reply(ZAdminIdReply) } },
      async (request) => ok(await organs.removeContent(currentUser(request), request.params.id), MSG.deleted),
    );
  };
}
