import { authApi, MSG, ZLoginQuery, ZLoginReply, ZSendCodeQuery, envelopeSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok, ZEmptyEnvelope } from '../../http/envelope.ts';
import type { AuthService } from './auth.service.ts';
import { requestToken } from './require-user.ts';

/** GET /api/sendCode, GET /api/login (spec §7), POST /api/logout. */
export function authRoutes(auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    // Runs before validation, so malformed guesses count against the IP too.
    const limitIp = async (request: { ip: string }) => auth.checkIp(request.ip);

    route(
      app,
      authApi.sendCode,
      { onRequest: limitIp, schema: { querystring: ZSendCodeQuery, response: { 200: ZEmptyEnvelope } } },
      async (request) => {
        await auth.sendCode(request.query.phone);
        return ok(null, MSG.codeSent);
      },
    );

    route(
      app,
      authApi.login,
      {
        onRequest: limitIp,
        schema: { querystring: ZLoginQuery, response: { 200: envelopeSchema(ZLoginReply) } },
      },
      async (request) => ok(await auth.login(request.query.phone, request.query.code)),
    );

    route(
      app,
      authApi.logout,
      { preHandler: app.requireUser, schema: { response: { 200: ZEmptyEnvelope } } },
      async (request) => {
        const token = requestToken(request);
        if (token) {
          await auth.logout(token);
        }
        return ok(null, MSG.loggedOut);
      },
    );
  };
}
