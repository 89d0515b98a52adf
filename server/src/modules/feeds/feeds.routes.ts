import {
  adminFeedsApi,
  envelopeSchema,
  MSG,
  ZAdminFeedCreate,
  ZAdminFeedEnabled,
  ZAdminFeedParams,
  ZAdminFeedPollReply,
  ZAdminFeedsQuery,
  ZAdminFeedsReply,
  ZAdminFeedStateReply,
  ZAdminFeedUpdate,
  ZAdminIdReply,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../http/endpoint-route.ts';
import { ok } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { FeedsService } from './feeds.service.ts';

/**
 * The back-office feed-source calls (role 2 only, guarded before the body is read). Fixed by
 * issue 18: POST /api/admin/feeds and POST /api/admin/feeds/{id}/poll.
 */
export function feedsRoutes(feeds: FeedsService): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = { onRequest: app.requireAdmin };

    route(
      app,
      adminFeedsApi.list,
      {
        ...guard,
        schema: { querystring: ZAdminFeedsQuery, response: { 200: envelopeSchema(ZAdminFeedsReply) } },
      },
      async (request) => ok(await feeds.list(request.query)),
    );

    route(
      app,
      adminFeedsApi.create,
      { ...guard, schema: { body: ZAdminFeedCreate, response: { 200: envelopeSchema(ZAdminIdReply) } } },
      async (request) => ok({ id: await feeds.create(currentUser(request), request.body) }, MSG.saved),
    );

    route(
      app,
      adminFeedsApi.update,
      {
        ...guard,
        schema: {
          params: ZAdminFeedParams,
          body: ZAdminFeedUpdate,
          response: { 200: envelopeSchema(ZAdminFeedStateReply) },
        },
      },
      async (request) =>
        ok(await feeds.update(currentUser(request), request.params.id, request.body), MSG.saved),
    );

    route(
      app,
      adminFeedsApi.setEnabled,
      {
        ...guard,
        schema: {
          params: ZAdminFeedParams,
          body: ZAdminFeedEnabled,
          response: { 200: envelopeSchema(ZAdminFeedStateReply) },
        },
      },
      async (request) =>
        ok(await feeds.setEnabled(currentUser(request), request.params.id, request.body.enabled), MSG.saved),
    );

    route(
      app,
      adminFeedsApi.remove,
      { ...guard, schema: { params: ZAdminFeedParams, response: { 200: envelopeSchema(z.null()) } } },
      async (request) => {
        await feeds.remove(currentUser(request), request.params.id);
        return ok(null);
      },
    );

    route(
      app,
      adminFeedsApi.poll,
      {
        ...guard,
        schema: { params: ZAdminFeedParams, response: { 200: envelopeSchema(ZAdminFeedPollReply) } },
      },
      async (request) => ok(await feeds.pollNow(currentUser(request), request.params.id)),
    );
  };
}
