import multipart from '@fastify/multipart';
import {
  detectImageType,
  envelopeSchema,
  IMAGE_UPLOAD_MAX_BYTES,
  MSG,
  ResultCode,
  ZClassifierQuery,
  ZViewerStatus,
  ZViewerStatusQuery,
  detailApi,
  integrationsApi,
} from '@portal/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import type { IntegrationsConfig } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { DetailService } from '../detail/detail.service.ts';
import { classifyImage } from './classifier.adapter.ts';
import { ProviderError } from '../../platform/http-call.ts';
import { fetchQuickBiToken } from './quickbi.adapter.ts';
import { fetchTableauTicket } from './tableau.adapter.ts';
import { viewerStatus } from './viewer-status.ts';

/** A provider failure becomes the viewer's notice; the cause goes to the log, not the user. */
async function provider<T>(log: FastifyBaseLogger, failed: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ProviderError)) {
      throw error;
    }
    log.warn({ err: error }, 'viewer provider failed');
    throw AppError.notice(failed);
  }
}

/**
 * Viewer adapters (README.md here): GET /api/getTableau, GET /api/insight_topic/quickBI/token,
 * POST /api/baidu/bml/image/classfication and GET /api/insight_topic/viewer/status. An unconfigured provider answers code -1 with a
 * Chinese notice that the viewer shows in place.
 */
export function integrationsRoutes(config: IntegrationsConfig, detail: DetailService): FastifyPluginAsyncZod {
  return async (app) => {
    // Scoped to this plugin: the one upload here is an image of at most 4 MiB. A larger file
    // is cut off while streaming and refused; nothing is ever written to storage.
    await app.register(multipart, {
      limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });

    // Ours: the viewer asks first, so an unconfigured service shows its designed state, not a broken frame.
    route(
      app,
      detailApi.viewerStatus,
      {
        preHandler: app.requireUser,
        schema: { querystring: ZViewerStatusQuery, response: { 200: envelopeSchema(ZViewerStatus) } },
      },
      async (request) => {
        const topic = await detail.viewableAnalysis(request.query.detail_id, currentUser(request));
        return ok(viewerStatus(config, topic));
      },
    );

    route(app, integrationsApi.tableau, { preHandler: app.requireUser }, async (request) => {
      const tableau = config.tableau;
      if (!tableau) {
        throw AppError.notice(MSG.tableauNotConfigured);
      }
      return ok(await provider(request.log, MSG.tableauFailed, () => fetchTableauTicket(tableau)));
    });

    route(app, integrationsApi.quickBiToken, { preHandler: app.requireUser }, async (request) => {
      const quickBi = config.quickBi;
      if (!quickBi) {
        throw AppError.notice(MSG.quickBiNotConfigured);
      }
      return ok(await provider(request.log, MSG.quickBiFailed, () => fetchQuickBiToken(quickBi)));
    });

    route(
      app,
      integrationsApi.classifyImage,
      { preHandler: app.requireUser, schema: { querystring: ZClassifierQuery } },
      async (request) => {
        const analysis = await detail.viewableAnalysis(request.query.detail_id, currentUser(request));
        if (analysis.ext !== 'baidu_ai') {
          throw AppError.notFound(MSG.contentNotFound);
        }
        const image = await readImage(request);
        const endpoint = analysis.url !== '' ? analysis.url : config.classifier.url;
        if (!endpoint) {
          throw AppError.notice(MSG.classifierNotConfigured);
        }
        return ok(
          await provider(request.log, MSG.classifierFailed, () =>
            classifyImage(endpoint, config.classifier.accessToken, image),
          ),
        );
      },
    );
  };
}

/** The `image` part: jpg, png or bmp by its first bytes, at most 4 MiB; anything else 上传失败. */
async function readImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw AppError.badRequest(MSG.uploadFailed);
  }
  let bytes: Buffer;
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'image') {
      throw AppError.badRequest(MSG.uploadFailed);
    }
    bytes = await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) {
      throw error;
    }
    const status = (error as { statusCode?: number }).statusCode;
    throw new AppError(status === 413 ? 413 : 400, ResultCode.failure, MSG.uploadFailed);
  }
  if (bytes.length === 0 || detectImageType(bytes) === null) {
    throw AppError.badRequest(MSG.uploadFailed);
  }
  return bytes;
}
