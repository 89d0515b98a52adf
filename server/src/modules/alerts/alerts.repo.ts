import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SearchAlertsTable } from '../../db/schema.ts';

export type SearchAlertRow = Selectable<SearchAlertsTable>;
export type AlertsRepo = ReturnType<typeof createAlertsRepo>;

/** The only SQL that writes `search_alerts`; every call is scoped to its owner. */
export function createAlertsRepo(db: Db) {
  const k = db.kysely;
  return {
    listOf(userId: number): Promise<SearchAlertRow[]> {
      return k
        .selectFrom('search_alerts')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    find(userId: number, id: number): Promise<SearchAlertRow | undefined> {
      return k
        .selectFrom('search_alerts')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * Adds an alert unless the user already has this search or `max` alerts: checked and
     * written in one transaction, so two quick clicks cannot pass the limit together (the
     * unique (user, query, tab) catches a race on the same search).
     */
    async create(
      alert: { user_id: number; query: string; tn: string; created_at: number },
      max: number,
    ): Promise<{ created: SearchAlertRow } | { refused: 'duplicate' | 'limit' }> {
      return k.transaction().execute(async (tx) => {
        const mine = await tx
          .selectFrom('search_alerts')
          .select(['query', 'tn'])
          .where('user_id', '=', alert.user_id)
          .execute();
        if (mine.some((a) => a.query === alert.query && a.tn === alert.tn)) {
          return { refused: 'duplicate' as const };
        }
        if (mine.length >= max) {
          return { refused: 'limit' as const };
        }
        const created = await tx
          .insertInto('search_alerts')
          .values(alert)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { created };
      });
    },

    /** Pauses (a time) or resumes (null); false when the user has no such alert. */
    async setPausedAt(userId: number, id: number, pausedAt: number | null): Promise<boolean> {
      const r = await k
        .updateTable('search_alerts')
        .set({ paused_at: pausedAt })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    async remove(userId: number, id: number): Promise<boolean> {
      const r = await k
        .deleteFrom('search_alerts')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return r.numDeletedRows > 0n;
    },
  };
}
