import { DEFAULT_PREFERENCES, ZReportView, type TUserPreferences } from '@portal/contract';
import type { Db } from '../../db/database.ts';

/** The `user_preferences` rows: one per user who chose anything. */
export function createPreferencesRepo(db: Db) {
  const k = db.kysely;
  return {
    /** The user's preferences; the defaults for what was never chosen (or a value no longer known). */
    async of(userId: number): Promise<TUserPreferences> {
      const row = await k
        .selectFrom('user_preferences')
        .select(['report_view'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const view = ZReportView.safeParse(row?.report_view);
      return { report_view: view.success ? view.data : DEFAULT_PREFERENCES.report_view };
    },

    async save(userId: number, prefs: TUserPreferences, now: number): Promise<void> {
      await k
        .insertInto('user_preferences')
        .values({ user_id: userId, report_view: prefs.report_view, updated_at: now })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ report_view: prefs.report_view, updated_at: now }),
        )
        .execute();
    },
  };
}
