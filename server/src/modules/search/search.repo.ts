import type { Db } from '../../db/database.ts';

export type SearchMissesRepo = ReturnType<typeof createSearchMissesRepo>;

/** Keywords that found nothing, counted for the admin's search analytics. */
export function createSearchMissesRepo(db: Db) {
  const k = db.kysely;
  return {
    async record(keyword: string, at: number): Promise<void> {
      await k
        .insertInto('search_misses')
        .values({ keyword, count: 1, last_at: at })
        .onConflict((oc) =>
          oc
            .column('keyword')
            .doUpdateSet((eb) => ({ count: eb(eb.ref('search_misses.count'), '+', 1), last_at: at })),
        )
        .execute();
    },

    /** Most frequent first. */
    list(limit: number): Promise<{ keyword: string; count: number; last_at: number }[]> {
      return k
        .selectFrom('search_misses')
        .selectAll()
        .orderBy('count', 'desc')
        .orderBy('last_at', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
