import {
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
import { ok } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { AdminCatalogueService } from './admin-catalogue.service.ts';

const BASE = '/api/admin/catalogue';

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

    app.get(BASE, { ...guard, schema: { response: reply } }, async () => ok(await catalogue.catalogue()));

    app.get(
      `${BASE}/reindex`,
      { ...guard, schema: { response: { 200: envelopeSchema(ZCatalogueReindex) } } },
      async () => ok(await catalogue.reindexProgress()),
    );

    for (const kind of ['company-types', 'keywords'] as const) {
      app.post(
        `${BASE}/${kind}`,
        { ...guard, schema: { body: catalogueCreateSchema(kind), response: reply } },
        async (request) =>
          ok(await catalogue.create(currentUser(request).id, kind, request.body.name), MSG.saved),
      );
    }

    app.post(
      `${BASE}/company-types/:id/industries`,
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
      app.put(
        `${BASE}/${kind}/:id`,
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

      app.post(
        `${BASE}/${kind}/:id/move`,
        { ...guard, schema: { params: ZCatalogueParams, body: ZCatalogueMove, response: reply } },
        async (request) =>
          ok(await catalogue.move(currentUser(request).id, kind, request.params.id, request.body), MSG.saved),
      );

      app.get(
        `${BASE}/${kind}/:id/impact`,
        {
          ...guard,
          schema: { params: ZCatalogueParams, response: { 200: envelopeSchema(ZCatalogueImpact) } },
        },
        async (request) => ok(await catalogue.impact(kind, request.params.id)),
      );

      app.delete(
        `${BASE}/${kind}/:id`,
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
