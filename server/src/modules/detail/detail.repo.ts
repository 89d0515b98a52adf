import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { createContentGrantsRepo } from './content-grants.repo.ts';
import type { ContentType } from '../content/content-types.ts';

export type DetailRepo = ReturnType<typeof createDetailRepo>;

/** Per-user engagement of detail pages: useful marks, insight shortcuts, grants of restricted items, the organisation-link flag. */
export function createDetailRepo(db: Db) {
  const k = db.kysely;
  const grants = {
    insight: createContentGrantsRepo(db, 'insight'),
    business: createContentGrantsRepo(db, 'business'),
  };
  const changed = (n: bigint | number | undefined) => Number(n ?? 0) > 0;
  // Every detail page asks both: prepared once (db/prepared-query.ts).
  const usefulMark = preparedQuery(db, (userId: number, type: string, id: number) =>
    k
      .selectFrom('usefulness_marks')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('content_type', '=', type)
      .where('content_id', '=', id),
  );
  const shortcutOf = preparedQuery(db, (userId: number, analysisId: number) =>
    k
      .selectFrom('insight_shortcuts')
      .select('analysis_id')
      .where('user_id', '=', userId)
      .where('analysis_id', '=', analysisId),
  );
  return {
    // Grants have one owner (content-grants.repo.ts); the detail page only asks.
    isGranted(type: ContentType, id: number, userId: number): Promise<boolean> {
      return type === 'insight' || type === 'business'
        ? grants[type].isGranted(id, userId)
        : Promise.resolve(false);
    },
    grant(type: 'insight' | 'business', id: number, userId: number, now: number): Promise<boolean> {
      return grants[type].grant(id, userId, now);
    },

    /** true when the mark is new (the useful counter goes up by one). */
    async markUseful(userId: number, type: ContentType, id: number, now: number): Promise<boolean> {
      const result = await k
        .insertInto('usefulness_marks')
        .values({ user_id: userId, content_type: type, content_id: id, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'content_type', 'content_id']).doNothing())
        .executeTakeFirst();
      return changed(result.numInsertedOrUpdatedRows);
    },

    /** true when a mark was removed (the useful counter goes down by one). */
    async unmarkUseful(userId: number, type: ContentType, id: number): Promise<boolean> {
      const result = await k
        .deleteFrom('usefulness_marks')
        .where('user_id', '=', userId)
        .where('content_type', '=', type)
        .where('content_id', '=', id)
        .executeTakeFirst();
      return changed(result.numDeletedRows);
    },

    async isUseful(userId: number, type: ContentType, id: number): Promise<boolean> {
      return (await usefulMark(userId, type, id)).length > 0;
    },

    async addShortcut(userId: number, analysisId: number, now: number): Promise<void> {
      await k
        .insertInto('insight_shortcuts')
        .values({ user_id: userId, analysis_id: analysisId, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'analysis_id']).doNothing())
        .execute();
    },

    async removeShortcut(userId: number, analysisId: number): Promise<void> {
      await k
        .deleteFrom('insight_shortcuts')
        .where('user_id', '=', userId)
        .where('analysis_id', '=', analysisId)
        .execute();
    },

    async hasShortcut(userId: number, analysisId: number): Promise<boolean> {
      return (await shortcutOf(userId, analysisId)).length > 0;
    },

    /** The user's shortcut analysis ids, newest first. */
    async shortcutIds(userId: number): Promise<number[]> {
      const rows = await k
        .selectFrom('insight_shortcuts')
        .select('analysis_id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('analysis_id', 'desc')
        .execute();
      return rows.map((r) => r.analysis_id);
    },
  };
}
