import {
  envelopeSchema,
  searchApi,
  ZSearchLabelQuery,
  ZSearchLabelReply,
  ZSearchRequest,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok, okJson, sendJson } from '../../http/envelope.ts';
import type { SearchService } from './search.service.ts';

/** POST /api/search and GET /api/search/label (spec §7 "Search and lists"). */
export function searchRoutes(search: SearchService): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      searchApi.search,
      {
        preHandler: app.requireUser,
        // No response schema: checking every hit of every page with zod cost more than the search
        // itself. The reply is built field by field as TSearchReply (hit-sources.ts) and
        // search.test.ts checks replies against ZSearchReply. A page from the read cache (the
        // same object while it lasts) goes out as the bytes it was first sent as.
        schema: { body: ZSearchRequest },
      },
      async (request, reply) => sendJson(reply, okJson(await search.search(request.body, request.user?.id))),
    );

    route(
      app,
      searchApi.tabs,
      {
        preHandler: app.requireUser,
        schema: { querystring: ZSearchLabelQuery, response: { 200: envelopeSchema(ZSearchLabelReply) } },
      },
      async (request) => ok(search.labels(request.query)),
    );
  };
}
