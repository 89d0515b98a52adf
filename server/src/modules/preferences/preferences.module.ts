import { accountApi, envelopeSchema, ZUserPreferences, ZUserPreferencesUpdate } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { route } from '../../http/endpoint-route.ts';
import { ok } from '../../http/envelope.ts';
import type { Clock } from '../../platform/clock.ts';
import { currentUser } from '../auth/require-user.ts';
import { createPreferencesRepo } from './preferences.repo.ts';

/** GET/POST /api/user/preferences: the signed-in user's own display preferences (README). */
export function preferencesModule({ db, clock }: { db: Db; clock: Clock }): FastifyPluginAsyncZod {
  const repo = createPreferencesRepo(db);
  return async (app) => {
    route(
      app,
      accountApi.preferences,
      { preHandler: app.requireUser, schema: { response: { 200: envelopeSchema(ZUserPreferences) } } },
      async (request) => ok(await repo.of(currentUser(request).id)),
    );

    route(
      app,
      accountApi.savePreferences,
      {
        preHandler: app.requireUser,
        schema: { body: ZUserPreferencesUpdate, response: { 200: envelopeSchema(ZUserPreferences) } },
      },
      async (request) => {
        const userId = currentUser(request).id;
        const next = { ...(await repo.of(userId)), ...request.body };
        await repo.save(userId, next, clock.now().getTime());
        return ok(next);
      },
    );
  };
}
