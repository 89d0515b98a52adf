import {
  envelopeSchema,
  ZCompanyTypeReply,
  ZCompanyTypeRequest,
  ZHeadlineListReply,
  ZHeadlineListRequest,
  ZKeywordMuteReply,
  ZKeywordMuteRequest,
  ZKeywordPreview,
  ZKeywordPreviewQuery,
  ZKeywordStatusReply,
  ZKeywordStatusRequest,
  ZSubscribeInfoReply,
  ZSubscribeUpdateReply,
  ZSubscribeUpdateRequest,
  subscriptionsApi,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { createHeadlineList } from './headline-list.ts';
import type { createKeywordPreview } from './keyword-preview.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

/** Subscription info and update, onboarding step 1, the sidebar toggle, mute, preview and the /headlines list (README). */
export function subscriptionsRoutes(
  subscriptions: SubscriptionsService,
  headlines: ReturnType<typeof createHeadlineList>,
  preview: ReturnType<typeof createKeywordPreview>,
): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      subscriptionsApi.info,
      { preHandler: app.requireUser, schema: { response: { 200: envelopeSchema(ZSubscribeInfoReply) } } },
      async (request) => ok(await subscriptions.info(currentUser(request).id)),
    );

    route(
      app,
      subscriptionsApi.update,
      {
        preHandler: app.requireUser,
        schema: {
          body: ZSubscribeUpdateRequest,
          response: { 200: envelopeSchema(ZSubscribeUpdateReply) },
        },
      },
      async (request) => ok(await subscriptions.update(currentUser(request).id, request.body)),
    );

    route(
      app,
      subscriptionsApi.companyType,
      {
        preHandler: app.requireUser,
        schema: {
          body: ZCompanyTypeRequest,
          response: { 200: envelopeSchema(ZCompanyTypeReply) },
        },
      },
      async (request) => ok(await subscriptions.setCompanyType(currentUser(request).id, request.body)),
    );

    route(
      app,
      subscriptionsApi.keywordStatus,
      {
        preHandler: app.requireUser,
        schema: {
          body: ZKeywordStatusRequest,
          response: { 200: envelopeSchema(ZKeywordStatusReply) },
        },
      },
      async (request) => ok(await subscriptions.setKeywordStatus(currentUser(request).id, request.body)),
    );

    route(
      app,
      subscriptionsApi.preview,
      {
        preHandler: app.requireUser,
        schema: { querystring: ZKeywordPreviewQuery, response: { 200: envelopeSchema(ZKeywordPreview) } },
      },
      async (request) => ok(await preview.preview(request.query.keyword)),
    );

    route(
      app,
      subscriptionsApi.keywordMute,
      {
        preHandler: app.requireUser,
        schema: {
          body: ZKeywordMuteRequest,
          response: { 200: envelopeSchema(ZKeywordMuteReply) },
        },
      },
      async (request) => ok(await subscriptions.setKeywordMuted(currentUser(request).id, request.body)),
    );

    route(
      app,
      subscriptionsApi.headlines,
      {
        preHandler: app.requireUser,
        schema: { body: ZHeadlineListRequest, response: { 200: envelopeSchema(ZHeadlineListReply) } },
      },
      async (request) => ok(await headlines.list(currentUser(request).id, request.body)),
    );
  };
}
