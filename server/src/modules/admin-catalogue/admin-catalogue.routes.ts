import {
  adminCatalogueApi,
  CATALOGUE_KIND_ENDPOINTS,
  CATALOGUE_KINDS,
  catalogueCreateSchema,
  catalogueRenameSchema,
  envelopeSchema,
  MSG,
  ZAdminCatalogue,
  ZCatalogueDeleteQuery,
  ZCatalogueImpact,
  ZCatalogueMove,
  ZCatalogueParams,
  ZCatalogueReindex,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { AdminCatalogueService } from './admin-catalogue.service.ts';

const CREATE_ENDPOINTS = {
  'company-types': adminCatalogueApi.createCompanyType,
  keywords: adminCatalogueApi.createKeyword,
} as const;

/**
 * The catalogue under /api/admin/catalogue (role 2 only): GET the whole catalogue; per list
 * (`company-types`, `industries`, `keywords`) rename, move, impact and delete by id; create a
 * company type, a keyword, or an industry under its company type; GET the progress of the
 * re-index a keyword change started (`reindex`). Every write replies with the
 * whole catalogue, as GET does.
 */
export function adminCatalogueRoutes(catalogue: AdminCatalogueService): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = { onRequest: app.requireAdmin };
    const reply = { 200: envelopeSchema(ZAdminCatalogue) };

    route(app, adminCatalogueApi.catalogue, { ...guard, schema: { response: reply } }, async () =>
      ok(await catalogue.catalogue()),
    );

    route(
      app,
      adminCatalogueApi.reindex,
      { ...guard, schema: { response: { 200: envelopeSchema(ZCatalogueReindex) } } },
      async () => ok(await catalogue.reindexProgress()),
    );

    for (const kind of ['company-types', 'keywords'] as const) {
      route(
        app,
        CREATE_ENDPOINTS[kind],
        { ...guard, schema: { body: catalogueCreateSchema(kind), response: reply } },
        async (request) =>
          ok(await catalogue.create(currentUser(request).id, kind, request.body.name), MSG.saved),
      );
    }

    route(
      app,
      adminCatalogueApi.createIndustry,
      {
        ...guard,
        schema: { params: ZCatalogueParams, body: catalogueCreateSchema('industries'), response: reply },
      },
      async (request) =>
        ok(
          await catalogue.create(currentUser(request).id, 'industries', request.body.name, request.params.id),
          MSG.saved,
        ),
    );

    for (const kind of CATALOGUE_KINDS) {
      route(
        app,
        CATALOGUE_KIND_ENDPOINTS[kind].rename,
        {
          ...guard,
          schema: { params: ZCatalogueParams, body: catalogueRenameSchema(kind), response: reply },
        },
        async (request) =>
          ok(
            await catalogue.rename(currentUser(request).id, kind, request.params.id, request.body),
            MSG.saved,
          ),
      );

      route(
        app,
        CATALOGUE_KIND_ENDPOINTS[kind].move,
        { ...guard, schema: { params: ZCatalogueParams, body: ZCatalogueMove, response: reply } },
        async (request) =>
          ok(await catalogue.move(currentUser(request).id, kind, request.params.id, request.body), MSG.saved),
      );

      route(
        app,
        CATALOGUE_KIND_ENDPOINTS[kind].impact,
        {
          ...guard,
          schema: { params: ZCatalogueParams, response: { 200: envelopeSchema(ZCatalogueImpact) } },
        },
        async (request) => ok(await catalogue.impact(kind, request.params.id)),
      );

      route(
        app,
        CATALOGUE_KIND_ENDPOINTS[kind].remove,
        {
          ...guard,
          schema: { params: ZCatalogueParams, querystring: ZCatalogueDeleteQuery, response: reply },
        },
        async (request) =>
          ok(
            await catalogue.remove(currentUser(request).id, kind, request.params.id, request.query.version),
            MSG.saved,
          ),
      );
    }
  };
}
