import {
  adminCatalogueApi,
  envelopeSchema,
  MSG,
  ZCatalogueParams,
  ZSynonymCreate,
  ZSynonymDeleteQuery,
  ZSynonymGroups,
  ZSynonymUpdate,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { SynonymsService } from './synonyms.service.ts';

/** Synonym groups under /api/admin/catalogue/synonyms (role 2 only); every write replies with every group. */
export function synonymsRoutes(synonyms: SynonymsService): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = { onRequest: app.requireAdmin };
    const reply = { 200: envelopeSchema(ZSynonymGroups) };

    route(app, adminCatalogueApi.synonyms, { ...guard, schema: { response: reply } }, async () =>
      ok(await synonyms.list()),
    );

    route(
      app,
      adminCatalogueApi.createSynonyms,
      { ...guard, schema: { body: ZSynonymCreate, response: reply } },
      async (request) => ok(await synonyms.create(currentUser(request).id, request.body.words), MSG.saved),
    );

    route(
      app,
      adminCatalogueApi.updateSynonyms,
      { ...guard, schema: { params: ZCatalogueParams, body: ZSynonymUpdate, response: reply } },
      async (request) =>
        ok(await synonyms.update(currentUser(request).id, request.params.id, request.body), MSG.saved),
    );

    route(
      app,
      adminCatalogueApi.removeSynonyms,
      { ...guard, schema: { params: ZCatalogueParams, querystring: ZSynonymDeleteQuery, response: reply } },
      async (request) =>
        ok(
          await synonyms.remove(currentUser(request).id, request.params.id, request.query.version),
          MSG.saved,
        ),
    );
  };
}
