import type { Db } from '../../db/database.ts';

export type RateLimitRepo = ReturnType<typeof createRateLimitRepo>;

export function createRateLimitRepo(db: Db) {
  return {
    /** Adds one hit to `key` in the window starting at `windowStart` and returns the new count (atomic). */
    async increment(key: string, windowStart: number): Promise<number> {
      const row = await db.kysely
        .insertInto('rate_counters')
        .values({ key, window_start: windowStart, count: 1 })
        .onConflict((oc) =>
          oc
            .columns(['key', 'window_start'])
            .doUpdateSet((eb) => ({ count: eb(eb.ref('rate_counters.count'), '+', 1) })),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The hits of `key` in windows that started at or after `since`. */
    async sumSince(key: string, since: number): Promise<number> {
      const row = await db.kysely
        .selectFrom('rate_counters')
        .select((eb) => eb.fn.sum<number | string | null>('count').as('n'))
        .where('key', '=', key)
        .where('window_start', '>=', since)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async deleteWindowsBefore(time: number): Promise<void> {
      await db.kysely.deleteFrom('rate_counters').where('window_start', '<', time).execute();
    },
  };
}
