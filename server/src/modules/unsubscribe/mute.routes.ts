import { envelopeSchema, mailLinksApi, MSG, ZDigestMuteInfo, ZDigestMuteToken } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok } from '../../http/envelope.ts';
import type { MuteService } from './mute.service.ts';

/**
 * GET /api/digest/mute/info?token= (what the link would stop) and POST /api/digest/mute
 * {token}. Open to visitors: the signed token names the user. As with unsubscribing, a GET
 * never changes anything (mail scanners follow links); the page's one button POSTs.
 */
export function muteRoutes(service: MuteService): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      mailLinksApi.muteInfo,
      { schema: { querystring: ZDigestMuteToken, response: { 200: envelopeSchema(ZDigestMuteInfo) } } },
      async (request) => ok(await service.info(request.query.token)),
    );

    route(
      app,
      mailLinksApi.mute,
      { schema: { body: ZDigestMuteToken, response: { 200: envelopeSchema(ZDigestMuteInfo) } } },
      async (request) => {
        const result = await service.mute(request.body.token);
        return ok(result, result.kind === 'keyword' ? MSG.keywordMuted : MSG.alertPaused);
      },
    );
  };
}
