import { envelopeSchema, siteApi, ZBanner, ZBannerLogRequest } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../http/endpoint-route.ts';
import { ok, ZEmptyEnvelope } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { BannersService } from './banners.service.ts';

/** GET /api/banner/list and POST /api/banner/log (spec §7). */
export function bannersRoutes(banners: BannersService): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      siteApi.banners,
      { preHandler: app.requireUser, schema: { response: { 200: envelopeSchema(z.array(ZBanner)) } } },
      async () => ok(await banners.list()),
    );

    route(
      app,
      siteApi.bannerLog,
      { preHandler: app.requireUser, schema: { body: ZBannerLogRequest, response: { 200: ZEmptyEnvelope } } },
      async (request) => {
        await banners.logClick(request.body.banner_id, currentUser(request).id);
        return ok(null);
      },
    );
  };
}
