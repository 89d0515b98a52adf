import {
  envelopeSchema,
  MSG,
  ZClaimCreateReply,
  ZClaimCreateRequest,
  organisationsApi,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { ClaimsService } from './claims.service.ts';

/** POST /api/company/claim (ours): a logged-in user claims an uncertified organisation. */
export function claimsRoutes(claims: ClaimsService): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      organisationsApi.claim,
      {
        // onRequest: a visitor without a session gets 401 before any input check.
        onRequest: app.requireUser,
        schema: { body: ZClaimCreateRequest, response: { 200: envelopeSchema(ZClaimCreateReply) } },
      },
      async (request) =>
        ok(await claims.create(request.body, currentUser(request), request.ip), MSG.claimThanks),
    );
  };
}
