import multipart from '@fastify/multipart';
import {
  envelopeSchema,
  MSG,
  ZAdminFeedbackQuery,
  ZAdminFeedbackReply,
  ZFeedbackInfo,
  ZFeedbackRequest,
  ZScreenshotReply,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

    app.get(
      '/api/feedback/get/info',
      { preHandler: app.requireUser, schema: { response: { 200: envelopeSchema(ZFeedbackInfo) } } },
      async (request) => ok(await feedback.info(currentUser(request).id)),
    );

    app.post(
      '/api/feedback/update/screenshot',
      { preHandler: app.requireUser, schema: { response: { 200: envelopeSchema(ZScreenshotReply) } } },
      async (request) => {
        const user = currentUser(request);
        const image = await readImageUpload(request, 'file');
        return ok({ feedback_url: await feedback.upload(user.id, image) });
      },
    );

    app.post(
      '/api/feedback/set/info',
      { preHandler: app.requireUser, schema: { body: ZFeedbackRequest, response: { 200: ZEmptyEnvelope } } },
      async (request) => {
        await feedback.submit(currentUser(request).id, request.body);
        return ok(null, MSG.feedbackThanks);
      },
    );

    app.get(
      '/api/admin/feedback',
      {
        onRequest: app.requireAdmin,
        schema: { querystring: ZAdminFeedbackQuery, response: { 200: envelopeSchema(ZAdminFeedbackReply) } },
      },
      async (request) => ok(await feedback.adminInbox(request.query.page, request.query.page_size)),
    );
  };
}
