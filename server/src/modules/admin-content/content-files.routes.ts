import multipart from '@fastify/multipart';
import {
  adminContentApi,
  ADMIN_COVER_MAX_BYTES,
  ADMIN_DOCUMENT_MAX_BYTES,
  envelopeSchema,
  idField,
  MATERIAL_VIDEO_MAX_BYTES,
  MSG,
  REPORT_UPLOAD_MAX_BYTES,
  ZAdminAnalysisFiles,
  ZAdminContentParams,
  ZAdminMaterialFile,
  ZAdminPreviewReply,
  ZAdminRelatedFileParams,
  ZAdminReportFileReply,
  ZAdminStateReply,
  ZAdminVersionQuery,
  ZAdminViewerUpdate,
  type TAdminPreviewReply,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../http/endpoint-route.ts';
import { ok } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { AnalysisFilesService } from './analysis-files.service.ts';
import type { HeadlineCoverService } from './headline-cover.service.ts';
import type { MaterialFileService } from './material-file.service.ts';
import { readUpload, readVersionedFile, versionField } from './upload-parts.ts';

const ZIdParams = z.object({ id: idField });

export type ContentFilesRoutesDeps = {
  replaceReportFile: (
    actor: { id: number },
    id: number,
    version: number,
    file: { name: string; bytes: Buffer },
  ) => Promise<z.infer<typeof ZAdminReportFileReply>>;
  analyses: AnalysisFilesService;
  materials: MaterialFileService;
  headlineCover: HeadlineCoverService;
  preview: (
    type: z.infer<typeof ZAdminContentParams>['type'],
    id: number,
    organDetailMenu: number,
  ) => Promise<TAdminPreviewReply>;
};

/**
 * The back-office's file calls and preview (role 2 only, `app.requireAdmin` on every route,
 * before any body is read): replace a report's PDF, an insight topic's viewer settings, viewer
 * file, cover and related files, a material's picture or video, a headline's cover, and the
 * preview of any item.
 * Uploads are multipart with the editor's `version` as a field; every write is audited.
 */
export function contentFilesRoutes(deps: ContentFilesRoutesDeps): FastifyPluginAsyncZod {
  const { analyses, materials } = deps;
  return async (app) => {
    await app.register(multipart, { throwFileSizeLimit: false });
    const guard = { onRequest: app.requireAdmin };
    const stateReply = { 200: envelopeSchema(ZAdminStateReply) };

    route(
      app,
      adminContentApi.replaceReportFile,
      { ...guard, schema: { params: ZIdParams, response: { 200: envelopeSchema(ZAdminReportFileReply) } } },
      async (request) => {
        const { version, file } = await readVersionedFile(
          request,
          REPORT_UPLOAD_MAX_BYTES,
          MSG.adminUploadTooLarge,
        );
        return ok(
          await deps.replaceReportFile(currentUser(request), request.params.id, version, file),
          MSG.adminFileReplaced,
        );
      },
    );

    route(
      app,
      adminContentApi.uploadHeadlineCover,
      { ...guard, schema: { params: ZIdParams, response: stateReply } },
      async (request) => {
        const { version, file } = await readVersionedFile(
          request,
          ADMIN_COVER_MAX_BYTES,
          MSG.adminCoverInvalid,
        );
        return ok(
          await deps.headlineCover.upload(currentUser(request), request.params.id, version, file),
          MSG.saved,
        );
      },
    );

    route(
      app,
      adminContentApi.removeHeadlineCover,
      { ...guard, schema: { params: ZIdParams, querystring: ZAdminVersionQuery, response: stateReply } },
      async (request) =>
        ok(
          await deps.headlineCover.remove(currentUser(request), request.params.id, request.query.version),
          MSG.saved,
        ),
    );

    route(
      app,
      adminContentApi.analysisFiles,
      { ...guard, schema: { params: ZIdParams, response: { 200: envelopeSchema(ZAdminAnalysisFiles) } } },
      async (request) => ok(await analyses.files(request.params.id)),
    );

    route(
      app,
      adminContentApi.updateViewer,
      { ...guard, schema: { params: ZIdParams, body: ZAdminViewerUpdate, response: stateReply } },
      async (request) =>
        ok(await analyses.updateViewer(currentUser(request), request.params.id, request.body), MSG.saved),
    );

    route(
      app,
      adminContentApi.uploadViewerFile,
      { ...guard, schema: { params: ZIdParams, response: stateReply } },
      async (request) => {
        const { version, file } = await readVersionedFile(
          request,
          ADMIN_DOCUMENT_MAX_BYTES,
          MSG.adminDocumentTooLarge,
        );
        return ok(
          await analyses.uploadViewerFile(currentUser(request), request.params.id, version, file),
          MSG.saved,
        );
      },
    );

    route(
      app,
      adminContentApi.uploadAnalysisCover,
      { ...guard, schema: { params: ZIdParams, response: stateReply } },
      async (request) => {
        const { version, file } = await readVersionedFile(
          request,
          ADMIN_COVER_MAX_BYTES,
          MSG.adminCoverInvalid,
        );
        return ok(
          await analyses.uploadCover(currentUser(request), request.params.id, version, file),
          MSG.saved,
        );
      },
    );

    route(
      app,
      adminContentApi.addRelatedFile,
      { ...guard, schema: { params: ZIdParams, response: stateReply } },
      async (request) => {
        const { version, file } = await readVersionedFile(
          request,
          ADMIN_DOCUMENT_MAX_BYTES,
          MSG.adminDocumentTooLarge,
        );
        return ok(
          await analyses.addRelatedFile(currentUser(request), request.params.id, version, file),
          MSG.saved,
        );
      },
    );

    route(
      app,
      adminContentApi.removeRelatedFile,
      {
        ...guard,
        schema: { params: ZAdminRelatedFileParams, querystring: ZAdminVersionQuery, response: stateReply },
      },
      async (request) => {
        const { id, index } = request.params;
        return ok(
          await analyses.removeRelatedFile(currentUser(request), id, index, request.query.version),
          MSG.deleted,
        );
      },
    );

    route(
      app,
      adminContentApi.materialFile,
      { ...guard, schema: { params: ZIdParams, response: { 200: envelopeSchema(ZAdminMaterialFile) } } },
      async (request) => ok(await materials.file(request.params.id)),
    );

    route(
      app,
      adminContentApi.uploadMaterialFile,
      { ...guard, schema: { params: ZIdParams, response: stateReply } },
      async (request) => {
        const { fields, file, files } = await readUpload(request, {
          fileParts: ['file', 'poster'],
          required: 'file',
          maxBytes: MATERIAL_VIDEO_MAX_BYTES,
          tooLarge: MSG.adminMaterialVideoTooLarge,
        });
        const version = versionField(fields);
        return ok(
          await materials.upload(currentUser(request), request.params.id, version, file, files.get('poster')),
          MSG.saved,
        );
      },
    );

    route(
      app,
      adminContentApi.preview,
      {
        ...guard,
        schema: { params: ZAdminContentParams, response: { 200: envelopeSchema(ZAdminPreviewReply) } },
      },
      async (request) => {
        const { type, id } = request.params;
        return ok(await deps.preview(type, id, currentUser(request).organDetailMenu));
      },
    );
  };
}
