import { envelopeSchema, ResultCode, siteApi, ZHealth, ZReady } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SqlDialect } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { route } from '../../http/endpoint-route.ts';
import { ok } from '../../http/envelope.ts';
import type { HealthRepo } from './health.repo.ts';
import type { Readiness } from './readiness.ts';

/** What a 503 from /api/ready says (operators and load balancers read it; users never see it). */
export const READY_MESSAGES = {
  starting: '服务正在启动，请稍后再试',
  stopping: '服务正在停止，请稍后再试',
  databaseDown: '数据库暂时无法连接，请稍后再试',
} as const;

/**
 * GET /api/health: the process is alive and its event loop turns — nothing else, so a liveness
 * probe never restarts a healthy process because the database blinked, and costs no query.
 * GET /api/ready: set-up has finished and the database answers; 503 with the envelope otherwise,
 * so a load balancer sends traffic only to processes that can serve it.
 */
export function healthRoutes(
  repo: HealthRepo,
  dialect: SqlDialect,
  readiness: Readiness,
): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, siteApi.health, { schema: { response: { 200: envelopeSchema(ZHealth) } } }, async () =>
      ok({ status: 'ok' as const, database: dialect }),
    );
    route(app, siteApi.ready, { schema: { response: { 200: envelopeSchema(ZReady) } } }, async (request) => {
      const state = readiness.state();
      if (state !== 'ready') {
        throw new AppError(503, ResultCode.failure, READY_MESSAGES[state]);
      }
      try {
        await repo.ping();
      } catch (err) {
        request.log.error({ err }, 'database ping failed');
        throw new AppError(503, ResultCode.failure, READY_MESSAGES.databaseDown);
      }
      return ok({ status: 'ready' as const, database: dialect });
    });
  };
}
