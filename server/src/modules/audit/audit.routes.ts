import { adminAuditApi, envelopeSchema, ZAuditQuery, ZAuditReply } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok } from '../../http/envelope.ts';
import type { AuditLog } from './audit.service.ts';

/** GET /api/admin/audit (role 2): the audit log, newest first; there is no call that changes it. */
export function auditRoutes(audit: AuditLog): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      adminAuditApi.list,
      {
        preHandler: app.requireAdmin,
        schema: { querystring: ZAuditQuery, response: { 200: envelopeSchema(ZAuditReply) } },
      },
      async (request) => ok(await audit.list(request.query)),
    );
  };
}
