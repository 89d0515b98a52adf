import {
  CONTENT_INDEXES,
  envelopeSchema,
  ZBehaviorClickRequest,
  ZDetailRequest,
  ZFrontBuriedRequest,
  ZQrCodeQuery,
  ZRecommendRequest,
  ZShortcutCreateRequest,
  ZShortcutDeleteRequest,
  ZShortcutListReply,
  ZOfficeFileQuery,
  ZSheetsReply,
  ZUsefulnessRequest,
  ZWordHtmlReply,
  detailApi,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok, ZEmptyEnvelope } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { DetailService } from './detail.service.ts';
import type { OfficeViewer } from './office-viewer.ts';
import type { MiniProgramCodes } from '../../platform/wechat/mini-program-code.ts';
import { shareImage } from './share-qr.ts';

/** QR codes of one item never change while PUBLIC_URL stays; a day keeps a redeploy visible. */
const QR_CACHE = 'public, max-age=86400';
/** A plain QR sent because WeChat failed: browsers ask again soon, to get the mini-program code. */
const FALLBACK_QR_CACHE = 'public, max-age=300';

/** Detail pages and engagement (spec §7 "Detail and engagement"), the Office viewers and GET /wxqrcode. */
export function detailRoutes(
  detail: DetailService,
  office: OfficeViewer,
  publicUrl: string,
  /** Draws /wxqrcode as a mini-program code when WX_MINI_APPID/SECRET are set. */
  miniCodes: MiniProgramCodes | null = null,
): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      detailApi.detail,
      { preHandler: app.optionalUser, schema: { body: ZDetailRequest } },
      async (request) => ok(await detail.detail(request.body, request.user)),
    );

    route(
      app,
      detailApi.recommend,
      { preHandler: app.requireUser, schema: { body: ZRecommendRequest } },
      async (request) => ok(await detail.recommend(request.body, currentUser(request))),
    );

    route(
      app,
      detailApi.usefulness,
      { preHandler: app.requireUser, schema: { body: ZUsefulnessRequest } },
      async (request) => ok(await detail.setUseful(request.body, currentUser(request))),
    );

    route(
      app,
      detailApi.frontBuried,
      {
        preHandler: app.requireUser,
        schema: { body: ZFrontBuriedRequest, response: { 200: ZEmptyEnvelope } },
      },
      async (request) => {
        // Only report downloads are counted today (the schema admits nothing else).
        await detail.countDownload(CONTENT_INDEXES.report, request.body.subject_id);
        return ok(null);
      },
    );

    route(
      app,
      detailApi.behaviorClick,
      {
        preHandler: app.requireUser,
        schema: { body: ZBehaviorClickRequest, response: { 200: ZEmptyEnvelope } },
      },
      async (request) => {
        await detail.countDownload(request.body.data_type, request.body.data_id);
        return ok(null);
      },
    );

    route(
      app,
      detailApi.shortcutCreate,
      {
        preHandler: app.requireUser,
        schema: { body: ZShortcutCreateRequest, response: { 200: ZEmptyEnvelope } },
      },
      async (request) => {
        await detail.createShortcut(request.body, currentUser(request));
        return ok(null);
      },
    );

    route(
      app,
      detailApi.shortcutDelete,
      {
        preHandler: app.requireUser,
        schema: { body: ZShortcutDeleteRequest, response: { 200: ZEmptyEnvelope } },
      },
      async (request) => {
        await detail.deleteShortcut(request.body, currentUser(request));
        return ok(null);
      },
    );

    route(
      app,
      detailApi.shortcuts,
      { preHandler: app.requireUser, schema: { response: { 200: envelopeSchema(ZShortcutListReply) } } },
      async (request) => ok(await detail.shortcuts(currentUser(request))),
    );

    // Office viewers (ours: the spec does not show these paths). Code -1 with the message when
    // the file cannot be shown (.xls, no file, unreadable), which the viewer displays in place.
    route(
      app,
      detailApi.sheets,
      {
        preHandler: app.requireUser,
        schema: { querystring: ZOfficeFileQuery, response: { 200: envelopeSchema(ZSheetsReply) } },
      },
      async (request) =>
        ok({ sheets: await office.sheets(await detail.officeFileUrl(request.query, currentUser(request))) }),
    );

    route(
      app,
      detailApi.wordHtml,
      {
        preHandler: app.requireUser,
        schema: { querystring: ZOfficeFileQuery, response: { 200: envelopeSchema(ZWordHtmlReply) } },
      },
      async (request) =>
        ok({ html: await office.html(await detail.officeFileUrl(request.query, currentUser(request))) }),
    );

    // No token: the code is an <img> on the page, which cannot send the token header.
    route(app, detailApi.qrCode, { schema: { querystring: ZQrCodeQuery } }, async (request, reply) => {
      const link = await detail.shareLink(request.query, publicUrl);
      const image = await shareImage(link, request.query, miniCodes, request.log);
      return reply
        .type(image.contentType)
        .header('cache-control', image.fallback && miniCodes ? FALLBACK_QR_CACHE : QR_CACHE)
        .send(image.bytes);
    });
  };
}
