import {
  adminDigestApi,
  envelopeSchema,
  ZDigestDeliveriesQuery,
  ZDigestDeliveriesReply,
  ZDigestRunsQuery,
  ZDigestRunsReply,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok } from '../../http/envelope.ts';
import type { DigestService } from './digest.service.ts';

/**
 * The admin log of digest runs and deliveries: GET /api/admin/digest/runs and /deliveries
 * (role 2; else 401 without a session, 403 with code 1001 without the role).
 */
export function digestRoutes(digest: DigestService): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      adminDigestApi.runs,
      {
        preHandler: app.requireAdmin,
        schema: { querystring: ZDigestRunsQuery, response: { 200: envelopeSchema(ZDigestRunsReply) } },
      },
      async (request) => {
        const { runs, total } = await digest.listRuns(request.query.page, request.query.page_size);
        return ok({ data: runs, total });
      },
    );

    route(
      app,
      adminDigestApi.deliveries,
      {
        preHandler: app.requireAdmin,
        schema: {
          querystring: ZDigestDeliveriesQuery,
          response: { 200: envelopeSchema(ZDigestDeliveriesReply) },
        },
      },
      async (request) => {
        const q = request.query;
        const { rows, total } = await digest.listDeliveries({
          runId: q.run_id,
          status: q.status,
          page: q.page,
          pageSize: q.page_size,
        });
        return ok({ data: rows, total });
      },
    );
  };
}
