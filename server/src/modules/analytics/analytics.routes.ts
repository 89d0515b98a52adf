import { envelopeSchema, ZAnalyticsOverview, ZAnalyticsQuery } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import type { AnalyticsService } from './analytics.service.ts';

/** GET /api/admin/analytics/overview (role 2; 401 without a session, 403 code 1001 without the role). */
export function analyticsRoutes(service: AnalyticsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/analytics/overview',
      {
        onRequest: app.requireAdmin,
        schema: { querystring: ZAnalyticsQuery, response: { 200: envelopeSchema(ZAnalyticsOverview) } },
      },
      async (request) => ok(await service.overview(request.query)),
    );
  };
}
