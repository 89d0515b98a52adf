import multipart from '@fastify/multipart';
import {
  envelopeSchema,
  idField,
  MSG,
  ZAdminAnalysisUpdate,
  ZAdminContentDetail,
  ZAdminContentListQuery,
  ZAdminContentListReply,
  ZAdminContentParams,
  ZAdminContentTypeParams,
  ZAdminHeadlineCreate,
  ZAdminHeadlineUpdate,
  ZAdminIdReply,
  ZAdminImpact,
  ZAdminMaterialUpdate,
  ZAdminReportUpdate,
  ZAdminStateReply,
  ZAdminUploadReply,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { AdminContentService } from './admin-content.service.ts';
import { REPORT_MULTIPART_LIMITS, uploadReports, type ReportUploadDeps } from './report-upload.ts';

const ZIdParams = z.object({ id: idField });

/**
 * The back-office content calls (role 2 only, every one guarded by `app.requireAdmin`):
 * upload reports, create and edit headlines, edit reports, publish / unpublish / delete any
 * content type, list and read them with counters, and what a delete would touch.
 */
export function adminContentRoutes(
  admin: AdminContentService,
  upload: ReportUploadDeps,
): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: REPORT_MULTIPART_LIMITS, throwFileSizeLimit: false });
    // onRequest, not preHandler: the session and role are checked before a body is read or
    // validated, so anonymous and role-1 callers get 401 / 403 whatever they send (and no upload
    // of theirs is ever parsed).
    const guard = { onRequest: app.requireAdmin };

    app.post(
      '/api/admin/reports/upload',
      { ...guard, schema: { response: { 200: envelopeSchema(ZAdminUploadReply) } } },
      async (request) => ok(await uploadReports(request, currentUser(request), upload)),
    );

    app.post(
      '/api/admin/headlines',
      { ...guard, schema: { body: ZAdminHeadlineCreate, response: { 200: envelopeSchema(ZAdminIdReply) } } },
      async (request) =>
        ok({ id: await admin.createHeadline(currentUser(request), request.body) }, MSG.saved),
    );

    app.put(
      '/api/admin/headlines/:id',
      {
        ...guard,
        schema: {
          params: ZIdParams,
          body: ZAdminHeadlineUpdate,
          response: { 200: envelopeSchema(ZAdminStateReply) },
        },
      },
      async (request) =>
        ok(await admin.updateHeadline(currentUser(request), request.params.id, request.body), MSG.saved),
    );

    app.put(
      '/api/admin/reports/:id',
      {
        ...guard,
        schema: {
          params: ZIdParams,
          body: ZAdminReportUpdate,
          response: { 200: envelopeSchema(ZAdminStateReply) },
        },
      },
      async (request) =>
        ok(await admin.updateReport(currentUser(request), request.params.id, request.body), MSG.saved),
    );

    app.put(
      '/api/admin/analyses/:id',
      {
        ...guard,
        schema: {
          params: ZIdParams,
          body: ZAdminAnalysisUpdate,
          response: { 200: envelopeSchema(ZAdminStateReply) },
        },
      },
      async (request) =>
        ok(await admin.updateAnalysis(currentUser(request), request.params.id, request.body), MSG.saved),
    );

    app.put(
      '/api/admin/materials/:id',
      {
        ...guard,
        schema: {
          params: ZIdParams,
          body: ZAdminMaterialUpdate,
          response: { 200: envelopeSchema(ZAdminStateReply) },
        },
      },
      async (request) =>
        ok(await admin.updateMaterial(currentUser(request), request.params.id, request.body), MSG.saved),
    );

    app.post(
      '/api/admin/content/:type/:id/publish',
      {
        ...guard,
        schema: { params: ZAdminContentParams, response: { 200: envelopeSchema(ZAdminStateReply) } },
      },
      async (request) => {
        const { type, id } = request.params;
        return ok(await admin.publish(currentUser(request), type, id), MSG.adminPublished);
      },
    );

    app.post(
      '/api/admin/content/:type/:id/unpublish',
      {
        ...guard,
        schema: { params: ZAdminContentParams, response: { 200: envelopeSchema(ZAdminStateReply) } },
      },
      async (request) => {
        const { type, id } = request.params;
        return ok(await admin.unpublish(currentUser(request), type, id), MSG.adminUnpublished);
      },
    );

    app.get(
      '/api/admin/content/:type',
      {
        ...guard,
        schema: {
          params: ZAdminContentTypeParams,
          querystring: ZAdminContentListQuery,
          response: { 200: envelopeSchema(ZAdminContentListReply) },
        },
      },
      async (request) => ok(await admin.list(request.params.type, request.query)),
    );

    app.get(
      '/api/admin/content/:type/:id',
      {
        ...guard,
        schema: { params: ZAdminContentParams, response: { 200: envelopeSchema(ZAdminContentDetail) } },
      },
      async (request) => ok(await admin.detail(request.params.type, request.params.id)),
    );

    app.get(
      '/api/admin/content/:type/:id/impact',
      { ...guard, schema: { params: ZAdminContentParams, response: { 200: envelopeSchema(ZAdminImpact) } } },
      async (request) => ok(await admin.impact(request.params.type, request.params.id)),
    );

    app.delete(
      '/api/admin/content/:type/:id',
      { ...guard, schema: { params: ZAdminContentParams, response: { 200: envelopeSchema(ZAdminImpact) } } },
      async (request) => {
        const { type, id } = request.params;
        return ok(await admin.remove(currentUser(request), type, id), MSG.deleted);
      },
    );
  };
}
