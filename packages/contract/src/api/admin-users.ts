import type {
  TAdminGrantsReply,
  TAdminUser,
  TAdminUserDetail,
  TAdminUsersReply,
  ZAdminGrantBody,
  ZAdminOrganMenuBody,
  ZAdminRestrictedBody,
  ZAdminUserRolesBody,
  ZAdminUsersQuery,
} from '../admin/users.ts';
import type { z } from 'zod';
import { del, get, post, put } from './endpoint.ts';

type TGrantBody = z.input<typeof ZAdminGrantBody>;
type TRestrictedBody = z.input<typeof ZAdminRestrictedBody>;

/**
 * The back-office's users (role 2) and the grants of restricted insight topics (`analyses`) and
 * restricted headlines: one grant mechanism, the same calls on each kind's own paths. Every write
 * on a user replies with the user; every grant call with the item's grants.
 */
export const adminUsersApi = {
  list: get('/api/admin/users').takes<z.input<typeof ZAdminUsersQuery>>().returns<TAdminUsersReply>(),
  detail: get('/api/admin/users/:id').returns<TAdminUserDetail>(),
  setRoles: put('/api/admin/users/:id/roles')
    .takes<z.input<typeof ZAdminUserRolesBody>>()
    .returns<TAdminUser>(),
  setOrganMenu: put('/api/admin/users/:id/organ_detail_menu')
    .takes<z.input<typeof ZAdminOrganMenuBody>>()
    .returns<TAdminUser>(),
  disable: post('/api/admin/users/:id/disable').returns<TAdminUser>(),
  enable: post('/api/admin/users/:id/enable').returns<TAdminUser>(),

  analysisGrants: get('/api/admin/analyses/:id/grants').returns<TAdminGrantsReply>(),
  grantAnalysis: post('/api/admin/analyses/:id/grants').takes<TGrantBody>().returns<TAdminGrantsReply>(),
  revokeAnalysis: del('/api/admin/analyses/:id/grants/:userId').returns<TAdminGrantsReply>(),
  restrictAnalysis: put('/api/admin/analyses/:id/restricted')
    .takes<TRestrictedBody>()
    .returns<TAdminGrantsReply>(),

  headlineGrants: get('/api/admin/headlines/:id/grants').returns<TAdminGrantsReply>(),
  grantHeadline: post('/api/admin/headlines/:id/grants').takes<TGrantBody>().returns<TAdminGrantsReply>(),
  revokeHeadline: del('/api/admin/headlines/:id/grants/:userId').returns<TAdminGrantsReply>(),
  restrictHeadline: put('/api/admin/headlines/:id/restricted')
    .takes<TRestrictedBody>()
    .returns<TAdminGrantsReply>(),
};

/** The restrictable kinds, by their back-office path: insight topics and headlines share one grant mechanism. */
export type TGrantKind = 'analyses' | 'headlines';

/** Each restrictable kind's grant calls: its own paths, the same shapes. */
export const GRANT_ENDPOINTS = {
  analyses: {
    list: adminUsersApi.analysisGrants,
    grant: adminUsersApi.grantAnalysis,
    revoke: adminUsersApi.revokeAnalysis,
    setRestricted: adminUsersApi.restrictAnalysis,
  },
  headlines: {
    list: adminUsersApi.headlineGrants,
    grant: adminUsersApi.grantHeadline,
    revoke: adminUsersApi.revokeHeadline,
    setRestricted: adminUsersApi.restrictHeadline,
  },
} as const satisfies Record<TGrantKind, object>;
