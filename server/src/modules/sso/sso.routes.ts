import {
  authApi,
  envelopeSchema,
  ZBindPhoneRequest,
  ZLoginReply,
  ZThirdPartyLoginReply,
  ZUcossQuery,
  ZWechatLoginQuery,
  ZWechatLoginReply,
  ZWechatQr,
  ZWechatStatus,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok } from '../../http/envelope.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { SsoService } from './sso.service.ts';

/**
 * Third-party sign-in (README.md here): GET /api/ucoss, GET /api/wx/status, GET /api/wxLoginQR,
 * GET /api/wx/official/login/qrcode, GET /api/wx/official/login, POST /api/bindPhone. All are
 * open to visitors and count against the same per-IP budget as login.
 */
export function ssoRoutes(sso: SsoService, auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    const limitIp = async (request: { ip: string }) => auth.checkIp(request.ip);

    route(
      app,
      authApi.ucoss,
      {
        onRequest: limitIp,
        schema: { querystring: ZUcossQuery, response: { 200: envelopeSchema(ZThirdPartyLoginReply) } },
      },
      async (request) => ok(await sso.ucoss(request.query, request.log)),
    );

    route(
      app,
      authApi.bindPhone,
      {
        onRequest: limitIp,
        schema: { body: ZBindPhoneRequest, response: { 200: envelopeSchema(ZLoginReply) } },
      },
      async (request) => ok(await sso.bindPhone(request.body)),
    );

    route(
      app,
      authApi.wechatStatus,
      { schema: { response: { 200: envelopeSchema(ZWechatStatus) } } },
      async () => ok(sso.wechatStatus()),
    );

    route(
      app,
      authApi.wechatOpenQr,
      { onRequest: limitIp, schema: { response: { 200: envelopeSchema(ZWechatQr) } } },
      async () => ok(await sso.wechatQr('open')),
    );

    route(
      app,
      authApi.wechatOfficialQr,
      { onRequest: limitIp, schema: { response: { 200: envelopeSchema(ZWechatQr) } } },
      async () => ok(await sso.wechatQr('official')),
    );

    // Polled every 2 s while a QR is shown: not counted against the login budget.
    route(
      app,
      authApi.wechatLogin,
      { schema: { querystring: ZWechatLoginQuery, response: { 200: envelopeSchema(ZWechatLoginReply) } } },
      async (request) => ok(await sso.wechatLogin(request.query, request.log)),
    );
  };
}
