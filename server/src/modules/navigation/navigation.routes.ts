import { envelopeSchema, siteApi, ZMenuReply, ZRoutesQuery, ZRoutesReply } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { NavigationService } from './navigation.service.ts';

/** GET /api/user/routes?type=1|2 (the spec's shared route/role call) and GET /api/menu. */
export function navigationRoutes(navigation: NavigationService): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      siteApi.routes,
      {
        preHandler: app.requireUser,
        schema: { querystring: ZRoutesQuery, response: { 200: envelopeSchema(ZRoutesReply) } },
      },
      async (request) => ok(await navigation.routes(currentUser(request), request.query.type)),
    );

    route(
      app,
      siteApi.menu,
      { preHandler: app.requireUser, schema: { response: { 200: envelopeSchema(ZMenuReply) } } },
      async () => ok(await navigation.menu()),
    );
  };
}
