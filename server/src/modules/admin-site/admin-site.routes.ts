import {
  adminSiteApi,
  envelopeSchema,
  MSG,
  ZAdminMenuItem,
  ZAdminMenuParams,
  ZAdminMenuReply,
  ZAdminMenuUpdate,
  ZAdminThemeReply,
  ZAdminThemeUpdate,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { AdminSiteService } from './admin-site.service.ts';

/** GET/PUT the menu items and the theme (role 2 only: `app.requireAdmin` before anything is read). */
export function adminSiteRoutes(site: AdminSiteService): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = { onRequest: app.requireAdmin };

    route(
      app,
      adminSiteApi.menu,
      { ...guard, schema: { response: { 200: envelopeSchema(ZAdminMenuReply) } } },
      async () => ok(await site.menu()),
    );

    route(
      app,
      adminSiteApi.updateMenuItem,
      {
        ...guard,
        schema: {
          params: ZAdminMenuParams,
          body: ZAdminMenuUpdate,
          response: { 200: envelopeSchema(ZAdminMenuItem) },
        },
      },
      async (request) =>
        ok(await site.updateMenuItem(currentUser(request).id, request.params.id, request.body), MSG.saved),
    );

    route(
      app,
      adminSiteApi.theme,
      { ...guard, schema: { response: { 200: envelopeSchema(ZAdminThemeReply) } } },
      async () => ok(await site.theme()),
    );

    route(
      app,
      adminSiteApi.updateTheme,
      { ...guard, schema: { body: ZAdminThemeUpdate, response: { 200: envelopeSchema(ZAdminThemeReply) } } },
      async (request) => ok(await site.updateTheme(currentUser(request).id, request.body), MSG.saved),
    );
  };
}
