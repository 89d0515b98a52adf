import { Readable } from 'node:stream';
import {
  adminInboxApi,
  envelopeSchema,
  INBOX_KINDS,
  MSG,
  ZInboxAssignees,
  ZInboxDetail,
  ZInboxExportQuery,
  ZInboxItemParams,
  ZInboxKindParams,
  ZInboxListQuery,
  ZInboxListReply,
  ZInboxReply,
  ZInboxReplyRequest,
  ZInboxUpdate,
  type TInboxKind,
  shanghaiDate,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok } from '../../http/envelope.ts';
import type { Clock } from '../../platform/clock.ts';
import { currentUser } from '../auth/require-user.ts';
import { CSV_BOM, csvHeader, csvRow } from './inbox-csv.ts';
import type { InboxService } from './inbox.service.ts';

/**
 * The back-office inboxes (role 2 only; `app.requireAdmin` runs before anything is read):
 * list, read, change, reply, and the CSV export of a kind with the list's filters.
 */
export function inboxRoutes(inbox: InboxService, clock: Clock): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = { onRequest: app.requireAdmin };

    route(
      app,
      adminInboxApi.assignees,
      { ...guard, schema: { response: { 200: envelopeSchema(ZInboxAssignees) } } },
      async () => ok(await inbox.assignees()),
    );

    // One static path per kind: `/api/admin/inbox/feedback.csv` wins over `/:kind`.
    for (const kind of INBOX_KINDS) {
      route(
        app,
        adminInboxApi[`${kind}Csv`],
        { ...guard, schema: { querystring: ZInboxExportQuery } },
        async (request, reply) => {
          const day = shanghaiDate(clock.now().getTime());
          async function* lines(k: TInboxKind) {
            yield CSV_BOM + csvHeader(k);
            for await (const item of inbox.all(k, request.query)) {
              yield csvRow(k, item);
            }
          }
          return reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="inbox-${kind}-${day}.csv"`)
            .header('cache-control', 'no-store')
            .send(Readable.from(lines(kind)));
        },
      );
    }

    route(
      app,
      adminInboxApi.list,
      {
        ...guard,
        schema: {
          params: ZInboxKindParams,
          querystring: ZInboxListQuery,
          response: { 200: envelopeSchema(ZInboxListReply) },
        },
      },
      async (request) => ok(await inbox.list(request.params.kind, request.query)),
    );

    route(
      app,
      adminInboxApi.detail,
      { ...guard, schema: { params: ZInboxItemParams, response: { 200: envelopeSchema(ZInboxDetail) } } },
      async (request) => ok(await inbox.detail(request.params.kind, request.params.id)),
    );

    // PATCH as REST spells a partial change; PUT as well, for the web client's request helper.
    for (const endpoint of [adminInboxApi.patch, adminInboxApi.update]) {
      route(
        app,
        endpoint,
        {
          ...guard,
          schema: {
            params: ZInboxItemParams,
            body: ZInboxUpdate,
            response: { 200: envelopeSchema(ZInboxDetail) },
          },
        },
        async (request) => {
          const { kind, id } = request.params;
          return ok(await inbox.update(currentUser(request), kind, id, request.body), MSG.saved);
        },
      );
    }

    route(
      app,
      adminInboxApi.reply,
      {
        ...guard,
        schema: {
          params: ZInboxItemParams,
          body: ZInboxReplyRequest,
          response: { 200: envelopeSchema(ZInboxReply) },
        },
      },
      async (request) => {
        const { kind, id } = request.params;
        return ok(await inbox.reply(currentUser(request), kind, id, request.body), MSG.inboxReplySent);
      },
    );
  };
}
