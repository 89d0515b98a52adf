import {
  adminMailApi,
  envelopeSchema,
  ZMailDeliveriesQuery,
  ZMailDeliveriesReply,
  ZMailDeliveryParams,
  ZMailResendReply,
  ZMailRunsQuery,
  ZMailRunsReply,
  ZMailRunTodayReply,
  ZMailSuppressedQuery,
  ZMailSuppressedReply,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { AdminMailService } from './admin-mail.service.ts';

/**
 * The back-office's mail section, all role 2 (401 without a session, 403 code 1001 without the
 * role). Shapes: packages/contract/src/admin/mail.ts.
 */
export function adminMailRoutes(service: AdminMailService): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = { onRequest: app.requireAdmin };

    route(
      app,
      adminMailApi.runs,
      {
        ...guard,
        schema: { querystring: ZMailRunsQuery, response: { 200: envelopeSchema(ZMailRunsReply) } },
      },
      async (request) => ok(await service.runs(request.query.page, request.query.page_size)),
    );

    route(
      app,
      adminMailApi.deliveries,
      {
        ...guard,
        schema: {
          querystring: ZMailDeliveriesQuery,
          response: { 200: envelopeSchema(ZMailDeliveriesReply) },
        },
      },
      async (request) => ok(await service.deliveries(request.query)),
    );

    route(
      app,
      adminMailApi.suppressed,
      {
        ...guard,
        schema: {
          querystring: ZMailSuppressedQuery,
          response: { 200: envelopeSchema(ZMailSuppressedReply) },
        },
      },
      async (request) => ok(await service.suppressed(request.query)),
    );

    route(
      app,
      adminMailApi.runToday,
      { ...guard, schema: { response: { 200: envelopeSchema(ZMailRunTodayReply) } } },
      async (request) => ok(await service.runToday(currentUser(request).id)),
    );

    route(
      app,
      adminMailApi.resend,
      {
        ...guard,
        schema: { params: ZMailDeliveryParams, response: { 200: envelopeSchema(ZMailResendReply) } },
      },
      async (request) => ok(await service.resend(currentUser(request).id, request.params.id)),
    );
  };
}
