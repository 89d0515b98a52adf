import { adminAnalyticsApi, envelopeSchema, ZAnalyticsOverview, ZAnalyticsQuery } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok } from '../../http/envelope.ts';
import type { AnalyticsService } from './analytics.service.ts';

/** GET /api/admin/analytics/overview (role 2; 401 without a session, 403 code 1001 without the role). */
export function analyticsRoutes(service: AnalyticsService): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      adminAnalyticsApi.overview,
      {
        onRequest: app.requireAdmin,
        schema: { querystring: ZAnalyticsQuery, response: { 200: envelopeSchema(ZAnalyticsOverview) } },
      },
      async (request) => ok(await service.overview(request.query)),
    );
  };
}
