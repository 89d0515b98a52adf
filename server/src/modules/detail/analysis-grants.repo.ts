import type { Db } from '../../db/database.ts';

export type AnalysisGrantsRepo = ReturnType<typeof createAnalysisGrantsRepo>;

/**
 * Who may open a restricted insight topic: every statement on `analysis_grants`, and the topic's
 * `restricted` flag that makes the grants matter. The detail page asks `isGranted`; the
 * back-office grants, revokes and flips the flag.
 */
export function createAnalysisGrantsRepo(db: Db) {
  const k = db.kysely;
  return {
    async isGranted(analysisId: number, userId: number): Promise<boolean> {
      const row = await k
        .selectFrom('analysis_grants')
        .select('user_id')
        .where('analysis_id', '=', analysisId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** true when the grant is new. */
    async grant(analysisId: number, userId: number, now: number): Promise<boolean> {
      const result = await k
        .insertInto('analysis_grants')
        .values({ analysis_id: analysisId, user_id: userId, created_at: now })
        .onConflict((oc) => oc.columns(['analysis_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** true when a grant was removed. */
    async revoke(analysisId: number, userId: number): Promise<boolean> {
      const result = await k
        .deleteFrom('analysis_grants')
        .where('analysis_id', '=', analysisId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The topic's grants, oldest first. */
    grantsOf(analysisId: number): Promise<{ user_id: number; created_at: number }[]> {
      return k
        .selectFrom('analysis_grants')
        .select(['user_id', 'created_at'])
        .where('analysis_id', '=', analysisId)
        .orderBy('created_at')
        .orderBy('user_id')
        .execute();
    },

    /** The restricted topics a user was granted, with their titles. */
    grantedTo(userId: number): Promise<{ analysis_id: number; title: string }[]> {
      return k
        .selectFrom('analysis_grants as g')
        .innerJoin('analyses as a', 'a.id', 'g.analysis_id')
        .select(['g.analysis_id', 'a.title'])
        .where('g.user_id', '=', userId)
        .orderBy('g.analysis_id')
        .execute();
    },

    /** The topic's title and restricted flag, or undefined when there is no such topic. */
    access(analysisId: number): Promise<{ id: number; title: string; restricted: number } | undefined> {
      return k
        .selectFrom('analyses')
        .select(['id', 'title', 'restricted'])
        .where('id', '=', analysisId)
        .executeTakeFirst();
    },

    async setRestricted(analysisId: number, restricted: number): Promise<void> {
      await k.updateTable('analyses').set({ restricted }).where('id', '=', analysisId).execute();
    },
  };
}
