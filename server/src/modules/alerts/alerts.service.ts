import { MSG, SEARCH_ALERTS_MAX, type TAlertTab, type TSearchAlert } from '@portal/contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AlertsRepo, SearchAlertRow } from './alerts.repo.ts';

export type AlertsService = ReturnType<typeof createAlertsService>;

function toAlert(row: SearchAlertRow): TSearchAlert {
  return {
    id: row.id,
    query: row.query,
    tn: row.tn as TAlertTab,
    paused: row.paused_at === null ? 0 : 1,
    created_at: Number(row.created_at),
  };
}

/** Search alerts: 订阅此搜索 on the results, listed, paused and deleted in /keyword_setting. */
export function createAlertsService({ repo, clock }: { repo: AlertsRepo; clock: Clock }) {
  return {
    list: async (userId: number): Promise<TSearchAlert[]> => (await repo.listOf(userId)).map(toAlert),

    async create(userId: number, body: { query: string; tn: TAlertTab }): Promise<TSearchAlert> {
      const result = await repo.create(
        { user_id: userId, query: body.query, tn: body.tn, created_at: clock.now().getTime() },
        SEARCH_ALERTS_MAX,
      );
      if ('refused' in result) {
        throw AppError.badRequest(result.refused === 'duplicate' ? MSG.alertDuplicate : MSG.alertLimit);
      }
      return toAlert(result.created);
    },

    async setPaused(userId: number, id: number, paused: boolean): Promise<TSearchAlert> {
      if (!(await repo.setPausedAt(userId, id, paused ? clock.now().getTime() : null))) {
        throw AppError.notFound(MSG.alertNotFound);
      }
      return toAlert((await repo.find(userId, id)) as SearchAlertRow);
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await repo.remove(userId, id))) {
        throw AppError.notFound(MSG.alertNotFound);
      }
    },
  };
}
