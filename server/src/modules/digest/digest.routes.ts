import {
  envelopeSchema,
  Role,
  ZDigestDeliveriesQuery,
  ZDigestDeliveriesReply,
  ZDigestRunsQuery,
  ZDigestRunsReply,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { DigestService } from './digest.service.ts';

/** The admin log of digest runs and deliveries: GET /api/admin/digest/runs and /deliveries (role 2; else code 1001). */
export function digestRoutes(digest: DigestService): FastifyPluginAsyncZod {
  return async (app) => {
    const requireAdmin = async (request: Parameters<typeof app.requireUser>[0]) => {
      await app.requireUser(request);
      if (!currentUser(request).roles.includes(Role.admin)) {
        throw AppError.noPermission();
      }
    };

    app.get(
      '/api/admin/digest/runs',
      {
        preHandler: requireAdmin,
        schema: { querystring: ZDigestRunsQuery, response: { 200: envelopeSchema(ZDigestRunsReply) } },
      },
      async (request) => {
        const { runs, total } = await digest.listRuns(request.query.page, request.query.page_size);
        return ok({ data: runs, total });
      },
    );

    app.get(
      '/api/admin/digest/deliveries',
      {
        preHandler: requireAdmin,
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
