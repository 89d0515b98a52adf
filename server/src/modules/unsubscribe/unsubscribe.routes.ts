import {
  envelopeSchema,
  mailLinksApi,
  MSG,
  UNSUBSCRIBE_FROM,
  ZUnsubscribeInfo,
  ZUnsubscribeInfoQuery,
  ZUnsubscribeQuery,
  ZUnsubscribeRequest,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok } from '../../http/envelope.ts';
import type { UnsubscribeService } from './unsubscribe.service.ts';

/** The RFC 8058 body a mail client's unsubscribe button POSTs. */
const ONE_CLICK = 'One-Click';

/** A multipart/form-data body reduced to its plain fields (RFC 8058 allows either form encoding). */
function multipartFields(body: string, contentType: string): Record<string, string> {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) {
    return {};
  }
  const fields: Record<string, string> = {};
  for (const part of body.split(`--${boundary}`)) {
    const name = /name="([^"]+)"/i.exec(part)?.[1];
    const value = /\r?\n\r?\n([\s\S]*?)\r?\n?$/.exec(part)?.[1];
    if (name && value !== undefined) {
      fields[name] = value.trim();
    }
  }
  return fields;
}

/**
 * GET /api/unsubscribe/info?token= and POST /api/unsubscribe (JSON `{token, from_where}`, or the
 * one-click form POST `List-Unsubscribe=One-Click` to the List-Unsubscribe URL `?token=`). Open
 * to visitors: the signed token identifies the user; without one the session's user is used.
 */
export function unsubscribeRoutes(service: UnsubscribeService): FastifyPluginAsyncZod {
  return async (app) => {
    // Form bodies exist only for the one-click POST, so the parsers live in this plugin's scope.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    app.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'string', bodyLimit: 4096 },
      (req, body, done) => {
        done(null, multipartFields(body as string, String(req.headers['content-type'] ?? '')));
      },
    );

    route(
      app,
      mailLinksApi.unsubscribeInfo,
      {
        preHandler: app.optionalUser,
        schema: { querystring: ZUnsubscribeInfoQuery, response: { 200: envelopeSchema(ZUnsubscribeInfo) } },
      },
      async (request) => ok(await service.info(request.query.token, request.user?.id ?? null)),
    );

    // A client that opens the List-Unsubscribe URL as a link (GET) gets the confirmation page:
    // a GET never unsubscribes, since mail scanners and prefetchers follow links.
    route(
      app,
      mailLinksApi.unsubscribeLink,
      { schema: { querystring: ZUnsubscribeQuery } },
      async (request, reply) => {
        const token = request.query.token ?? '';
        return reply.redirect(
          `/unsubscribe?from_where=${UNSUBSCRIBE_FROM.email}&token=${encodeURIComponent(token)}`,
        );
      },
    );

    route(
      app,
      mailLinksApi.unsubscribe,
      {
        preHandler: app.optionalUser,
        schema: {
          querystring: ZUnsubscribeQuery,
          body: ZUnsubscribeRequest.optional(),
          response: { 200: envelopeSchema(ZUnsubscribeInfo) },
        },
      },
      async (request) => {
        const body = request.body ?? { from_where: UNSUBSCRIBE_FROM.others };
        const oneClick = body['List-Unsubscribe'] === ONE_CLICK;
        const token = body.token ?? request.query.token;
        // The one-click button lives in the e-mail client: it came from the e-mail.
        const from = oneClick ? UNSUBSCRIBE_FROM.email : body.from_where;
        return ok(await service.unsubscribe(token, request.user?.id ?? null, from), MSG.unsubscribed);
      },
    );
  };
}
