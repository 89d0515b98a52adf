import {
  envelopeSchema,
  ZCompanyTypeRequest,
  ZHeadlineListReply,
  ZHeadlineListRequest,
  ZKeywordMuteRequest,
  ZKeywordPreview,
  ZKeywordPreviewQuery,
  ZKeywordStatusRequest,
  ZSubscribeInfoReply,
  ZSubscribeUpdateRequest,
} from '@portal/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { createHeadlineList } from './headline-list.ts';
import type { createKeywordPreview } from './keyword-preview.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

const flag = z.union([z.literal(0), z.literal(1)]);

/** Subscription info and update, onboarding step 1, the sidebar toggle, mute, preview and the /headlines list (README). */
export function subscriptionsRoutes(
  subscriptions: SubscriptionsService,
  headlines: ReturnType<typeof createHeadlineList>,
  preview: ReturnType<typeof createKeywordPreview>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/business/subscribe/info',
      { preHandler: app.requireUser, schema: { response: { 200: envelopeSchema(ZSubscribeInfoReply) } } },
      async (request) => ok(await subscriptions.info(currentUser(request).id)),
    );

    app.post(
      '/api/business/subscribe/update',
      {
        preHandler: app.requireUser,
        schema: {
          body: ZSubscribeUpdateRequest,
          response: { 200: envelopeSchema(z.object({ set_keyword_status: flag })) },
        },
      },
      async (request) => ok(await subscriptions.update(currentUser(request).id, request.body)),
    );

    app.post(
      '/api/user/set/company_type',
      {
        preHandler: app.requireUser,
        schema: {
          body: ZCompanyTypeRequest,
          response: { 200: envelopeSchema(z.object({ user_company_type_status: flag })) },
        },
      },
      async (request) => ok(await subscriptions.setCompanyType(currentUser(request).id, request.body)),
    );

    app.post(
      '/api/business/subscribe/keyword/status',
      {
        preHandler: app.requireUser,
        schema: {
          body: ZKeywordStatusRequest,
          response: { 200: envelopeSchema(z.object({ keyword: z.string(), status: flag })) },
        },
      },
      async (request) => ok(await subscriptions.setKeywordStatus(currentUser(request).id, request.body)),
    );

    app.get(
      '/api/business/subscribe/preview',
      {
        preHandler: app.requireUser,
        schema: { querystring: ZKeywordPreviewQuery, response: { 200: envelopeSchema(ZKeywordPreview) } },
      },
      async (request) => ok(await preview.preview(request.query.keyword)),
    );

    app.post(
      '/api/business/subscribe/keyword/mute',
      {
        preHandler: app.requireUser,
        schema: {
          body: ZKeywordMuteRequest,
          response: { 200: envelopeSchema(z.object({ keyword: z.string(), muted: flag })) },
        },
      },
      async (request) => ok(await subscriptions.setKeywordMuted(currentUser(request).id, request.body)),
    );

    app.post(
      '/api/business/list',
      {
        preHandler: app.requireUser,
        schema: { body: ZHeadlineListRequest, response: { 200: envelopeSchema(ZHeadlineListReply) } },
      },
      async (request) => ok(await headlines.list(currentUser(request).id, request.body)),
    );
  };
}
