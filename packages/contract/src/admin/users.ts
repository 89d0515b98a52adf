import { z } from 'zod';
import { MSG } from '../messages.ts';
import { adminPageField, adminPageSizeField } from './paging.ts';
import { idField, phoneField } from '../rules/fields.ts';

/**
 * Back-office, users section (issue 16): search users, change roles, the organisation-menu
 * flag, disable/enable, and grants to restricted insight topics and headlines. Every call is role 2 only.
 */

/** Messages of this section (ours, in MSG: only contract messages reach users). */
export const ADMIN_USER_MSG = {
  /** Login, sendCode, SSO and every request of a disabled user's session. */
  accountDisabled: MSG.accountDisabled,
  cannotDemoteSelf: MSG.adminCannotDemoteSelf,
  cannotDisableSelf: MSG.adminCannotDisableSelf,
  userNotFound: MSG.adminUserNotFound,
  analysisNotFound: MSG.adminAnalysisNotFound,
  headlineNotFound: MSG.adminHeadlineNotFound,
  rolesInvalid: MSG.adminRolesInvalid,
  grantTargetRequired: MSG.adminGrantTargetRequired,
} as const;

/** users.status: 1 active, 0 disabled. */
export const USER_STATUS = { disabled: 0, active: 1 } as const;
const statusField = z.union([z.literal(0), z.literal(1)]);

/** GET /api/admin/users?keyword=&page=&page_size=&role=&status= — keyword matches phone digits or nickname. */
export const ZAdminUsersQuery = z.object({
  keyword: z.string().trim().max(50, { error: MSG.badRequest }).optional(),
  page: adminPageField,
  page_size: adminPageSizeField,
  /** Only users holding this role. */
  role: z.coerce
    .number<number | string>({ error: MSG.badRequest })
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .optional(),
  status: z.coerce.number<number | string>({ error: MSG.badRequest }).pipe(statusField).optional(),
});
export type TAdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;

export const ZAdminUser = z.object({
  id: z.number(),
  /** Full phone: admins see it unmasked. */
  phone: z.string(),
  nickname: z.string(),
  roles: z.array(z.number()),
  /** 1 active, 0 disabled. */
  status: statusField,
  organ_detail_menu: statusField,
  created_at: z.number(),
  /** Epoch ms of the last authenticated request (kept to the hour), null if never seen. */
  last_active_at: z.number().nullable(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;
export const ZAdminUsersReply = z.object({ data: z.array(ZAdminUser), total: z.number() });
export type TAdminUsersReply = z.infer<typeof ZAdminUsersReply>;

/** GET /api/admin/users/{id}. */
export const ZAdminUserIdParams = z.object({ id: idField });

export const ZAdminUserDetail = ZAdminUser.extend({
  email: z.string(),
  last_login_at: z.number().nullable(),
  disabled_at: z.number().nullable(),
  subscription: z.object({
    /** The digest's receiving address ('' when none). */
    email: z.string(),
    /** 1 receives the daily digest, 0 unsubscribed. */
    subscribed: statusField,
    /** Keywords with shown (1) / hidden (0) status; `custom` for the user's own words. */
    keywords: z.array(z.object({ keyword: z.string(), status: z.number(), custom: z.boolean() })),
  }),
  /** Restricted insight topics this user was granted. */
  grants: z.array(z.object({ analysis_id: z.number(), title: z.string() })),
});
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;

/** PUT /api/admin/users/{id}/roles — role 1 always, 2 optional. */
export const ZAdminUserRolesBody = z.object({
  roles: z
    .array(z.union([z.literal(1), z.literal(2)], { error: ADMIN_USER_MSG.rolesInvalid }), {
      error: ADMIN_USER_MSG.rolesInvalid,
    })
    .min(1, { error: ADMIN_USER_MSG.rolesInvalid })
    .max(2, { error: ADMIN_USER_MSG.rolesInvalid })
    .refine((roles) => roles.includes(1), { error: ADMIN_USER_MSG.rolesInvalid })
    .transform((roles) => [...new Set(roles)].sort((a, b) => a - b)),
});

/** PUT /api/admin/users/{id}/organ_detail_menu. */
export const ZAdminOrganMenuBody = z.object({
  value: z.union([z.literal(0), z.literal(1)], { error: MSG.badRequest }),
});

/** POST /api/admin/users/{id}/disable and /enable take no body; all writes reply with the user. */
export const ZAdminUserWriteReply = ZAdminUser;

/**
 * GET|POST /api/admin/{analyses|headlines}/{id}/grants, DELETE …/{id}/grants/{userId}: restricted
 * insight topics and restricted headlines share one grant mechanism and these shapes.
 */
export const ZAdminAnalysisParams = z.object({ id: idField });
export const ZAdminGrantParams = z.object({ id: idField, userId: idField });

/** POST body: the user by id or by phone (one of them). */
export const ZAdminGrantBody = z
  .object({ user_id: idField.optional(), phone: phoneField.optional() })
  .refine((b) => b.user_id !== undefined || b.phone !== undefined, {
    error: ADMIN_USER_MSG.grantTargetRequired,
  });

export const ZAdminGrant = z.object({
  user_id: z.number(),
  phone: z.string(),
  nickname: z.string(),
  granted_at: z.number(),
});
export type TAdminGrant = z.infer<typeof ZAdminGrant>;
export const ZAdminGrantsReply = z.object({
  /** The topic's or headline's id. */
  id: z.number(),
  title: z.string(),
  /** 1: only admins and granted users may open it. */
  restricted: statusField,
  data: z.array(ZAdminGrant),
});
export type TAdminGrantsReply = z.infer<typeof ZAdminGrantsReply>;

/** PUT /api/admin/{analyses|headlines}/{id}/restricted. */
export const ZAdminRestrictedBody = z.object({
  value: z.union([z.literal(0), z.literal(1)], { error: MSG.badRequest }),
});
