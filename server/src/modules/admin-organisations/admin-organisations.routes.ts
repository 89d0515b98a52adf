import multipart from '@fastify/multipart';
import {
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

    app.get(
      '/api/admin/organisations',
      { ...guard, schema: { querystring: ZAdminOrganListQuery, response: reply(ZAdminOrganList) } },
      async (request) => ok(await organs.list(request.query)),
    );

    app.post(
      '/api/admin/organisations/upload',
      { ...guard, schema: { response: reply(ZAdminUploadedFile) } },
      async (request) => ok(await storePublicUpload(request, storage, 'organisations', true)),
    );

    app.post(
      '/api/admin/organisations',
      { ...guard, schema: { body: ZAdminOrganCreate, response: reply(ZAdminIdReply) } },
      async (request) => ok({ id: await organs.create(currentUser(request), request.body) }, MSG.saved),
    );

    app.get(
      '/api/admin/organisations/:id',
      { ...guard, schema: { params, response: reply(ZAdminOrganDetail) } },
      async (request) => ok(await organs.detail(request.params.id)),
    );

    app.put(
      '/api/admin/organisations/:id',
      { ...guard, schema: { params, body: ZAdminOrganUpdate, response: reply(ZAdminOrganRow) } },
      async (request) =>
        ok(await organs.update(currentUser(request), request.params.id, request.body), MSG.saved),
    );

    app.delete(
      '/api/admin/organisations/:id',
      { ...guard, schema: { params, response: reply(ZAdminOrganImpact) } },
      async (request) => ok(await organs.remove(currentUser(request), request.params.id), MSG.deleted),
    );

    app.post(
      '/api/admin/organisations/:id/products',
      { ...guard, schema: { params, body: ZAdminProductCreate, response: reply(ZAdminIdReply) } },
      async (request) =>
        ok(
          { id: await organs.createProduct(currentUser(request), request.params.id, request.body) },
          MSG.saved,
        ),
    );

    app.get(
      '/api/admin/organisations/products/:id',
      { ...guard, schema: { params, response: reply(ZAdminProductDetail) } },
      async (request) => ok(await organs.productDetail(request.params.id)),
    );

    app.put(
      '/api/admin/organisations/products/:id',
      { ...guard, schema: { params, body: ZAdminProductUpdate, response: reply(ZAdminProductSaved) } },
      async (request) =>
        ok(await organs.updateProduct(currentUser(request), request.params.id, request.body), MSG.saved),
    );

    app.delete(
      '/api/admin/organisations/products/:id',
      { ...guard, schema: { params, response: reply(ZAdminProductRemoved) } },
      async (request) => ok(await organs.removeProduct(currentUser(request), request.params.id), MSG.deleted),
    );

    app.post(
      '/api/admin/organisations/products/:id/contents',
      { ...guard, schema: { params, body: ZAdminOrganContentCreate, response: reply(ZAdminIdReply) } },
      async (request) =>
        ok(
          { id: await organs.createContent(currentUser(request), request.params.id, request.body) },
          MSG.saved,
        ),
    );

    app.delete(
      '/api/admin/organisations/contents/:id',
      { ...guard, schema: { params, response: reply(ZAdminIdReply) } },
      async (request) => ok(await organs.removeContent(currentUser(request), request.params.id), MSG.deleted),
    );
  };
}
