import {
  envelopeSchema,
  MSG,
  ZSearchAlert,
  ZSearchAlertCreate,
  ZSearchAlertList,
  ZSearchAlertParams,
  ZSearchAlertStatus,
  alertsApi,
} from '@portal/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import type { Clock } from '../../platform/clock.ts';
import { currentUser } from '../auth/require-user.ts';
import { createAlertsRepo } from './alerts.repo.ts';
import { createAlertsService } from './alerts.service.ts';

/** GET/POST /api/search/alerts, POST /api/search/alerts/:id/status, DELETE /api/search/alerts/:id (README). */
export function alertsModule({ db, clock }: { db: Db; clock: Clock }): FastifyPluginAsyncZod {
  const alerts = createAlertsService({ repo: createAlertsRepo(db), clock });
  return async (app) => {
    route(
      app,
      alertsApi.list,
      { preHandler: app.requireUser, schema: { response: { 200: envelopeSchema(ZSearchAlertList) } } },
      async (request) => ok(await alerts.list(currentUser(request).id)),
    );

    route(
      app,
      alertsApi.create,
      {
        preHandler: app.requireUser,
        schema: { body: ZSearchAlertCreate, response: { 200: envelopeSchema(ZSearchAlert) } },
      },
      async (request) => ok(await alerts.create(currentUser(request).id, request.body), MSG.alertCreated),
    );

    route(
      app,
      alertsApi.setPaused,
      {
        preHandler: app.requireUser,
        schema: {
          params: ZSearchAlertParams,
          body: ZSearchAlertStatus,
          response: { 200: envelopeSchema(ZSearchAlert) },
        },
      },
      async (request) =>
        ok(await alerts.setPaused(currentUser(request).id, request.params.id, request.body.paused === 1)),
    );

    route(
      app,
      alertsApi.remove,
      {
        preHandler: app.requireUser,
        schema: { params: ZSearchAlertParams, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await alerts.remove(currentUser(request).id, request.params.id);
        return ok(null);
      },
    );
  };
}
