import {
  envelopeSchema,
  MSG,
  ZEmailCodeQuery,
  ZSetEmailReply,
  ZSetEmailRequest,
  subscriptionsApi,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok, ZEmptyEnvelope } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { EmailChangeService } from './email-change.service.ts';

/** GET /api/email/send/code, POST /api/user/set/email (spec §7 "Account"). */
export function emailChangeRoutes(emailChange: EmailChangeService): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      subscriptionsApi.emailCode,
      {
        preHandler: app.requireUser,
        schema: { querystring: ZEmailCodeQuery, response: { 200: ZEmptyEnvelope } },
      },
      async (request) => {
        await emailChange.sendCode(currentUser(request).id, request.query.email);
        return ok(null, MSG.codeSent);
      },
    );

    route(
      app,
      subscriptionsApi.setEmail,
      {
        preHandler: app.requireUser,
        schema: { body: ZSetEmailRequest, response: { 200: envelopeSchema(ZSetEmailReply) } },
      },
      async (request) =>
        ok(await emailChange.setEmail(currentUser(request).id, request.body.email, request.body.code)),
    );
  };
}
