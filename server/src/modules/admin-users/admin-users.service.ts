import {
  ADMIN_USER_MSG,
  Role,
  type TAdminUser,
  type TAdminUserDetail,
  type TAdminUsersQuery,
  type TAdminUsersReply,
} from '@portal/contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { AuthRepo } from '../auth/auth.repo.ts';
import type { ContentGrantsRepo } from '../detail/content-grants.repo.ts';
import type { SubscriptionsRepo } from '../subscriptions/subscriptions.repo.ts';
import type { UserRow } from '../users/users.repo.ts';
import type { Users } from '../users/users.service.ts';

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;

/** A 0/1 column as the contract's literal. */
export const flag = (n: number | string): 0 | 1 => (Number(n) === 1 ? 1 : 0);

function toAdminUser(row: UserRow, roles: number[]): TAdminUser {
  return {
    id: row.id,
    phone: row.phone,
    nickname: row.nickname,
    roles,
    status: flag(row.status),
    organ_detail_menu: flag(row.organ_detail_menu),
    created_at: Number(row.created_at),
    last_active_at: row.last_active_at === null ? null : Number(row.last_active_at),
  };
}

/**
 * The back-office's users section (issue 16). Every write is checked first (the user exists, an
 * admin does not lock themself out), done, then recorded in the audit log with before → after.
 */
export function createAdminUsersService(deps: {
  users: Users;
  sessions: AuthRepo;
  /** The insight topics' grants (the user page lists the user's). */
  grants: ContentGrantsRepo;
  subscriptions: SubscriptionsRepo;
  audit: AuditLog;
  clock: Clock;
}) {
  const { users, sessions, grants, subscriptions, audit, clock } = deps;
  const now = () => clock.now().getTime();

  const userOr404 = async (id: number): Promise<UserRow> => {
    const row = await users.findById(id);
    if (!row) {
      throw AppError.notFound(ADMIN_USER_MSG.userNotFound);
    }
    return row;
  };
  const view = async (id: number): Promise<TAdminUser> =>
    toAdminUser(await userOr404(id), await users.rolesOf(id));
  return {
    async search(q: TAdminUsersQuery): Promise<TAdminUsersReply> {
      const { rows, total } = await users.search({
        keyword: q.keyword || undefined,
        role: q.role,
        status: q.status,
        page: q.page,
        pageSize: q.page_size,
      });
      return { data: rows.map(({ roles, ...row }) => toAdminUser(row, roles)), total };
    },

    async detail(id: number): Promise<TAdminUserDetail> {
      const row = await userOr404(id);
      const [roles, subscription, keywords, granted] = await Promise.all([
        users.rolesOf(id),
        subscriptions.subscriptionOf(id),
        subscriptions.keywordsOf(id),
        grants.grantedTo(id),
      ]);
      return {
        ...toAdminUser(row, roles),
        email: row.email,
        last_login_at: row.last_login_at === null ? null : Number(row.last_login_at),
        disabled_at: row.disabled_at === null ? null : Number(row.disabled_at),
        subscription: {
          email: row.email,
          subscribed: flag(subscription?.subscribed ?? 0),
          keywords: keywords.map((k) => ({
            keyword: k.keyword,
            status: Number(k.shown),
            custom: Number(k.custom) === 1,
          })),
        },
        grants: granted.map((g) => ({ analysis_id: g.id, title: g.title })),
      };
    },

    async setRoles(actorId: number, id: number, roles: number[]): Promise<TAdminUser> {
      await userOr404(id);
      const before = await users.rolesOf(id);
      if (id === actorId && before.includes(Role.admin) && !roles.includes(Role.admin)) {
        throw AppError.badRequest(ADMIN_USER_MSG.cannotDemoteSelf);
      }
      await users.setRoles(id, roles);
      await audit.record({
        actorId,
        action: 'user.roles',
        targetType: 'user',
        targetId: id,
        before: { roles: before },
        after: { roles },
      });
      return view(id);
    },

    async setOrganDetailMenu(actorId: number, id: number, value: 0 | 1): Promise<TAdminUser> {
      const row = await userOr404(id);
      await users.setOrganDetailMenu(id, value);
      await audit.record({
        actorId,
        action: 'user.organ_detail_menu',
        targetType: 'user',
        targetId: id,
        before: { organ_detail_menu: flag(row.organ_detail_menu) },
        after: { organ_detail_menu: value },
      });
      return view(id);
    },

    /**
     * Disables the account and revokes every session at once: the status filter in the
     * live-session query refuses the user's very next request even before the revocation lands,
     * and both are writes, which empty this process's session cache (README "Read caches").
     */
    async disable(actorId: number, id: number): Promise<TAdminUser> {
      if (id === actorId) {
        throw AppError.badRequest(ADMIN_USER_MSG.cannotDisableSelf);
      }
      const row = await userOr404(id);
      const t = now();
      if (flag(row.status) === 1) {
        await users.setDisabled(id, t);
      }
      const revoked = await sessions.revokeAllSessions(id, t);
      await audit.record({
        actorId,
        action: 'user.disable',
        targetType: 'user',
        targetId: id,
        before: { status: flag(row.status) },
        after: { status: 0, sessions_revoked: revoked },
      });
      return view(id);
    },

    /** Lets the user log in again; sessions ended by the disable stay ended. */
    async enable(actorId: number, id: number): Promise<TAdminUser> {
      const row = await userOr404(id);
      await users.setDisabled(id, null);
      await audit.record({
        actorId,
        action: 'user.enable',
        targetType: 'user',
        targetId: id,
        before: { status: flag(row.status) },
        after: { status: 1 },
      });
      return view(id);
    },
  };
}
