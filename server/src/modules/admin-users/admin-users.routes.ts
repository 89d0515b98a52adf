import {
  adminUsersApi,
  GRANT_ENDPOINTS,
  type TGrantKind,
  envelopeSchema,
  ZAdminAnalysisParams,
  ZAdminGrantBody,
  ZAdminGrantParams,
  ZAdminGrantsReply,
  ZAdminOrganMenuBody,
  ZAdminRestrictedBody,
  ZAdminUserDetail,
  ZAdminUserIdParams,
  ZAdminUserRolesBody,
  ZAdminUsersQuery,
  ZAdminUsersReply,
  ZAdminUserWriteReply,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { AdminGrantsService } from './admin-grants.service.ts';
import type { AdminUsersService } from './admin-users.service.ts';

/**
 * The back-office's users section and the grants of restricted topics and headlines, all role 2 (401 without a
 * session, 403 code 1001 without the role). Paths and shapes: packages/contract/src/admin/users.ts.
 */
export function adminUsersRoutes(
  service: AdminUsersService,
  restricted: Record<TGrantKind, AdminGrantsService>,
): FastifyPluginAsyncZod {
  return async (app) => {
    // onRequest, not preHandler: the session and role are checked before the body or the path is
    // validated, so anonymous and role-1 callers get 401 / 403 whatever they send.
    const guard = { onRequest: app.requireAdmin };
    const userReply = { response: { 200: envelopeSchema(ZAdminUserWriteReply) } };
    const grantsReply = { response: { 200: envelopeSchema(ZAdminGrantsReply) } };

    route(
      app,
      adminUsersApi.list,
      {
        ...guard,
        schema: { querystring: ZAdminUsersQuery, response: { 200: envelopeSchema(ZAdminUsersReply) } },
      },
      async (request) => ok(await service.search(request.query)),
    );

    route(
      app,
      adminUsersApi.detail,
      {
        ...guard,
        schema: { params: ZAdminUserIdParams, response: { 200: envelopeSchema(ZAdminUserDetail) } },
      },
      async (request) => ok(await service.detail(request.params.id)),
    );

    route(
      app,
      adminUsersApi.setRoles,
      {
        ...guard,
        schema: { params: ZAdminUserIdParams, body: ZAdminUserRolesBody, ...userReply },
      },
      async (request) =>
        ok(await service.setRoles(currentUser(request).id, request.params.id, request.body.roles)),
    );

    route(
      app,
      adminUsersApi.setOrganMenu,
      {
        ...guard,
        schema: { params: ZAdminUserIdParams, body: ZAdminOrganMenuBody, ...userReply },
      },
      async (request) =>
        ok(await service.setOrganDetailMenu(currentUser(request).id, request.params.id, request.body.value)),
    );

    route(
      app,
      adminUsersApi.disable,
      { ...guard, schema: { params: ZAdminUserIdParams, ...userReply } },
      async (request) => ok(await service.disable(currentUser(request).id, request.params.id)),
    );

    route(
      app,
      adminUsersApi.enable,
      { ...guard, schema: { params: ZAdminUserIdParams, ...userReply } },
      async (request) => ok(await service.enable(currentUser(request).id, request.params.id)),
    );

    // Restricted insight topics and restricted headlines: one grant mechanism, the same calls.
    for (const [kind, grants] of Object.entries(restricted) as [TGrantKind, AdminGrantsService][]) {
      const endpoints = GRANT_ENDPOINTS[kind];
      route(
        app,
        endpoints.list,
        { ...guard, schema: { params: ZAdminAnalysisParams, ...grantsReply } },
        async (request) => ok(await grants.grantsOf(request.params.id)),
      );

      route(
        app,
        endpoints.grant,
        {
          ...guard,
          schema: { params: ZAdminAnalysisParams, body: ZAdminGrantBody, ...grantsReply },
        },
        async (request) => ok(await grants.grant(currentUser(request).id, request.params.id, request.body)),
      );

      route(
        app,
        endpoints.revoke,
        { ...guard, schema: { params: ZAdminGrantParams, ...grantsReply } },
        async (request) =>
          ok(await grants.revoke(currentUser(request).id, request.params.id, request.params.userId)),
      );

      route(
        app,
        endpoints.setRestricted,
        {
          ...guard,
          schema: { params: ZAdminAnalysisParams, body: ZAdminRestrictedBody, ...grantsReply },
        },
        async (request) =>
          ok(await grants.setRestricted(currentUser(request).id, request.params.id, request.body.value)),
      );
    }
  };
}
