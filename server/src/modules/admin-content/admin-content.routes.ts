import multipart from '@fastify/multipart';
import {
  adminContentApi,
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
import { route } from '../../http/endpoint-route.ts';
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

    route(
      app,
      adminContentApi.uploadReports,
      { ...guard, schema: { response: { 200: envelopeSchema(ZAdminUploadReply) } } },
      async (request) => ok(await uploadReports(request, currentUser(request), upload)),
    );

    route(
      app,
      adminContentApi.createHeadline,
      { ...guard, schema: { body: ZAdminHeadlineCreate, response: { 200: envelopeSchema(ZAdminIdReply) } } },
      async (request) =>
        ok({ id: await admin.createHeadline(currentUser(request), request.body) }, MSG.saved),
    );

    route(
      app,
      adminContentApi.updateHeadline,
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

    route(
      app,
      adminContentApi.splitHeadline,
      { ...guard, schema: { params: ZIdParams, response: { 200: envelopeSchema(ZAdminStateReply) } } },
      async (request) =>
        ok(await admin.splitHeadline(currentUser(request), request.params.id), MSG.adminHeadlineSplit),
    );

    route(
      app,
      adminContentApi.updateReport,
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

    route(
      app,
      adminContentApi.updateAnalysis,
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

    route(
      app,
      adminContentApi.updateMaterial,
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

    route(
      app,
      adminContentApi.publish,
      {
        ...guard,
        schema: { params: ZAdminContentParams, response: { 200: envelopeSchema(ZAdminStateReply) } },
      },
      async (request) => {
        const { type, id } = request.params;
        return ok(await admin.publish(currentUser(request), type, id), MSG.adminPublished);
      },
    );

    route(
      app,
      adminContentApi.unpublish,
      {
        ...guard,
        schema: { params: ZAdminContentParams, response: { 200: envelopeSchema(ZAdminStateReply) } },
      },
      async (request) => {
        const { type, id } = request.params;
        return ok(await admin.unpublish(currentUser(request), type, id), MSG.adminUnpublished);
      },
    );

    route(
      app,
      adminContentApi.list,
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

    route(
      app,
      adminContentApi.detail,
      {
        ...guard,
        schema: { params: ZAdminContentParams, response: { 200: envelopeSchema(ZAdminContentDetail) } },
      },
      async (request) => ok(await admin.detail(request.params.type, request.params.id)),
    );

    route(
      app,
      adminContentApi.impact,
      { ...guard, schema: { params: ZAdminContentParams, response: { 200: envelopeSchema(ZAdminImpact) } } },
      async (request) => ok(await admin.impact(request.params.type, request.params.id)),
    );

    route(
      app,
      adminContentApi.remove,
      { ...guard, schema: { params: ZAdminContentParams, response: { 200: envelopeSchema(ZAdminImpact) } } },
      async (request) => {
        const { type, id } = request.params;
        return ok(await admin.remove(currentUser(request), type, id), MSG.deleted);
      },
    );
  };
}
