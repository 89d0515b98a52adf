import { ADMIN_USER_MSG, type TAdminGrantsReply } from '@portal/contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { AnalysisGrantsRepo } from '../detail/analysis-grants.repo.ts';
import type { Users } from '../users/users.service.ts';
import { flag } from './admin-users.service.ts';

export type AdminGrantsService = ReturnType<typeof createAdminGrantsService>;

/**
 * Restricted insight topics in the back-office: who was granted one, granting by user id or
 * phone, revoking, and the restricted flag. A grant or revoke that changed nothing is not audited.
 */
export function createAdminGrantsService(deps: {
  users: Users;
  grants: AnalysisGrantsRepo;
  audit: AuditLog;
  clock: Clock;
}) {
  const { users, grants, audit, clock } = deps;
  const now = () => clock.now().getTime();

  const topicOr404 = async (id: number) => {
    const topic = await grants.access(id);
    if (!topic) {
      throw AppError.notFound(ADMIN_USER_MSG.analysisNotFound);
    }
    return topic;
  };

  const grantsOf = async (analysisId: number): Promise<TAdminGrantsReply> => {
    const topic = await topicOr404(analysisId);
    const rows = await grants.grantsOf(analysisId);
    const people = await users.findByIds(rows.map((r) => r.user_id));
    return {
      analysis_id: topic.id,
      title: topic.title,
      restricted: flag(topic.restricted),
      data: rows.flatMap((r) => {
        const u = people.get(r.user_id);
        return u
          ? [{ user_id: r.user_id, phone: u.phone, nickname: u.nickname, granted_at: Number(r.created_at) }]
          : [];
      }),
    };
  };

  return {
    grantsOf,

    async grant(actorId: number, analysisId: number, target: { user_id?: number; phone?: string }) {
      await topicOr404(analysisId);
      const userId =
        target.user_id ?? (target.phone === undefined ? undefined : await users.idByPhone(target.phone));
      if (userId === undefined || !(await users.findById(userId))) {
        throw AppError.notFound(ADMIN_USER_MSG.userNotFound);
      }
      if (await grants.grant(analysisId, userId, now())) {
        await audit.record({
          actorId,
          action: 'analysis.grant',
          targetType: 'analysis',
          targetId: analysisId,
          before: null,
          after: { user_id: userId },
        });
      }
      return grantsOf(analysisId);
    },

    async revoke(actorId: number, analysisId: number, userId: number) {
      await topicOr404(analysisId);
      if (await grants.revoke(analysisId, userId)) {
        await audit.record({
          actorId,
          action: 'analysis.revoke',
          targetType: 'analysis',
          targetId: analysisId,
          before: { user_id: userId },
          after: null,
        });
      }
      return grantsOf(analysisId);
    },

    async setRestricted(actorId: number, analysisId: number, value: 0 | 1) {
      const topic = await topicOr404(analysisId);
      await grants.setRestricted(analysisId, value);
      await audit.record({
        actorId,
        action: 'analysis.restricted',
        targetType: 'analysis',
        targetId: analysisId,
        before: { restricted: flag(topic.restricted) },
        after: { restricted: value },
      });
      return grantsOf(analysisId);
    },
  };
}
