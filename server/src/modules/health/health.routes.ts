import { envelopeSchema, MSG, ResultCode } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SqlDialect } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import type { HealthRepo } from './health.repo.ts';

const ZHealth = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });

/** GET /api/health: 200 when the app and its database answer, 503 otherwise (for load balancers). */
export function healthRoutes(repo: HealthRepo, dialect: SqlDialect): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/health', { schema: { response: { 200: envelopeSchema(ZHealth) } } }, async (request) => {
      try {
        await repo.ping();
      } catch (err) {
        request.log.error({ err }, 'database ping failed');
        throw new AppError(503, ResultCode.failure, MSG.serverError);
      }
      return ok({ status: 'ok' as const, database: dialect });
    });
  };
}
