import { ADMIN_USER_MSG, type TAdminGrantsReply } from '@portal/contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { ContentGrantsRepo } from '../detail/content-grants.repo.ts';
import type { Users } from '../users/users.service.ts';
import { flag } from './admin-users.service.ts';

export type AdminGrantsService = ReturnType<typeof createAdminGrantsService>;

/** What the audit log and the 404 call an item of each kind. */
const KIND = {
  insight: { target: 'analysis', notFound: ADMIN_USER_MSG.analysisNotFound },
  business: { target: 'headline', notFound: ADMIN_USER_MSG.headlineNotFound },
} as const;

/**
 * Restricted items in the back-office — insight topics or headlines, one service per kind: who
 * was granted one, granting by user id or phone, revoking, and the restricted flag. A grant or
 * revoke that changed nothing is not audited.
 */
export function createAdminGrantsService(deps: {
  users: Users;
  grants: ContentGrantsRepo;
  audit: AuditLog;
  clock: Clock;
}) {
  const { users, grants, audit, clock } = deps;
  const now = () => clock.now().getTime();
  const { target, notFound } = KIND[grants.kind];

  const itemOr404 = async (id: number) => {
    const item = await grants.access(id);
    if (!item) {
      throw AppError.notFound(notFound);
    }
    return item;
  };

  const grantsOf = async (id: number): Promise<TAdminGrantsReply> => {
    const item = await itemOr404(id);
    const rows = await grants.grantsOf(id);
    const people = await users.findByIds(rows.map((r) => r.user_id));
    return {
      id: item.id,
      title: item.title,
      restricted: flag(item.restricted),
      data: rows.flatMap((r) => {
        const u = people.get(r.user_id);
        return u
          ? [{ user_id: r.user_id, phone: u.phone, nickname: u.nickname, granted_at: r.created_at }]
          : [];
      }),
    };
  };

  return {
    grantsOf,

    async grant(actorId: number, id: number, who: { user_id?: number; phone?: string }) {
      await itemOr404(id);
      const userId = who.user_id ?? (who.phone === undefined ? undefined : await users.idByPhone(who.phone));
      if (userId === undefined || !(await users.findById(userId))) {
        throw AppError.notFound(ADMIN_USER_MSG.userNotFound);
      }
      if (await grants.grant(id, userId, now())) {
        await audit.record({
          actorId,
          action: `${target}.grant`,
          targetType: target,
          targetId: id,
          before: null,
          after: { user_id: userId },
        });
      }
      return grantsOf(id);
    },

    async revoke(actorId: number, id: number, userId: number) {
      await itemOr404(id);
      if (await grants.revoke(id, userId)) {
        await audit.record({
          actorId,
          action: `${target}.revoke`,
          targetType: target,
          targetId: id,
          before: { user_id: userId },
          after: null,
        });
      }
      return grantsOf(id);
    },

    async setRestricted(actorId: number, id: number, value: 0 | 1) {
      const item = await itemOr404(id);
      await grants.setRestricted(id, value);
      await audit.record({
        actorId,
        action: `${target}.restricted`,
        targetType: target,
        targetId: id,
        before: { restricted: flag(item.restricted) },
        after: { restricted: value },
      });
      return grantsOf(id);
    },
  };
}
