import multipart from '@fastify/multipart';
import {
  envelopeSchema,
  MSG,
  ZAdminFeedbackQuery,
  ZAdminFeedbackReply,
  ZFeedbackInfo,
  ZFeedbackRequest,
  ZScreenshotReply,
  feedbackApi,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok, ZEmptyEnvelope } from '../../http/envelope.ts';
import { IMAGE_MULTIPART_LIMITS, readImageUpload } from '../account/image-upload.ts';
import { currentUser } from '../auth/require-user.ts';
import type { FeedbackService } from './feedback.service.ts';

/**
 * GET /api/feedback/get/info, POST /api/feedback/update/screenshot (multipart `file`),
 * POST /api/feedback/set/info, and the admin inbox GET /api/admin/feedback (role 2, phone masked;
 * it replaced /api/admin/feedback/list).
 */
export function feedbackRoutes(feedback: FeedbackService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: IMAGE_MULTIPART_LIMITS });

    route(
      app,
      feedbackApi.info,
      { preHandler: app.requireUser, schema: { response: { 200: envelopeSchema(ZFeedbackInfo) } } },
      async (request) => ok(await feedback.info(currentUser(request).id)),
    );

    route(
      app,
      feedbackApi.uploadScreenshot,
      { preHandler: app.requireUser, schema: { response: { 200: envelopeSchema(ZScreenshotReply) } } },
      async (request) => {
        const user = currentUser(request);
        const image = await readImageUpload(request, 'file');
        return ok({ feedback_url: await feedback.upload(user.id, image) });
      },
    );

    route(
      app,
      feedbackApi.submit,
      { preHandler: app.requireUser, schema: { body: ZFeedbackRequest, response: { 200: ZEmptyEnvelope } } },
      async (request) => {
        await feedback.submit(currentUser(request).id, request.body);
        return ok(null, MSG.feedbackThanks);
      },
    );

    route(
      app,
      feedbackApi.adminInbox,
      {
        onRequest: app.requireAdmin,
        schema: { querystring: ZAdminFeedbackQuery, response: { 200: envelopeSchema(ZAdminFeedbackReply) } },
      },
      async (request) => ok(await feedback.adminInbox(request.query.page, request.query.page_size)),
    );
  };
}
