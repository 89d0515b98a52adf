import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;

export type DailyCount = { day: string; metric: string; content_type: string; count: number };
export type QueryCount = { day: string; query: string; count: number; zero_count: number };

/** The only SQL on analytics_daily, analytics_queries and user_days (plus reads of digests). */
export function createAnalyticsRepo(db: Db) {
  const k = db.kysely;
  // No read cache holds these tables, so their writes skip the write generation: counting a
  // search must not empty the cached search pages (db/write-generation.ts).
  const w = db.kysely.withoutPlugins();
  return {
    /** Adds counts: one upsert for the whole batch (keys unique within it). */
    async addDaily(rows: readonly DailyCount[]): Promise<void> {
      if (rows.length === 0) {
        return;
      }
      await w
        .insertInto('analytics_daily')
        .values([...rows])
        .onConflict((oc) =>
          oc.columns(['day', 'metric', 'content_type']).doUpdateSet((eb) => ({
            count: eb(eb.ref('analytics_daily.count'), '+', eb.ref('excluded.count')),
          })),
        )
        .execute();
    },

    async addQueries(rows: readonly QueryCount[]): Promise<void> {
      if (rows.length === 0) {
        return;
      }
      await w
        .insertInto('analytics_queries')
        .values([...rows])
        .onConflict((oc) =>
          oc.columns(['day', 'query']).doUpdateSet((eb) => ({
            count: eb(eb.ref('analytics_queries.count'), '+', eb.ref('excluded.count')),
            zero_count: eb(eb.ref('analytics_queries.zero_count'), '+', eb.ref('excluded.zero_count')),
          })),
        )
        .execute();
    },

    /** Marks users active on a day; a pair already there is left alone. */
    async addUserDays(rows: readonly { user_id: number; day: string }[]): Promise<void> {
      if (rows.length === 0) {
        return;
      }
      await w
        .insertInto('user_days')
        .values([...rows])
        .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
        .execute();
    },

    async daily(from: string, to: string): Promise<DailyCount[]> {
      const rows = await k
        .selectFrom('analytics_daily')
        .select(['day', 'metric', 'content_type', 'count'])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .execute();
      return rows.map((r) => ({ ...r, count: Number(r.count) }));
    },

    async activeByDay(from: string, to: string): Promise<Map<string, number>> {
      const rows = await k
        .selectFrom('user_days')
        .select(['day', (eb) => eb.fn.countAll<number>().as('n')])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('day')
        .execute();
      return new Map(rows.map((r) => [r.day, Number(r.n)]));
    },

    async activeDistinct(from: string, to: string): Promise<number> {
      const row = await k
        .selectFrom('user_days')
        .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
        .where('day', '>=', from)
        .where('day', '<=', to)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The most frequent keywords of the range (by searches, or by searches that found nothing). */
    async topQueries(
      from: string,
      to: string,
      by: 'count' | 'zero_count',
      limit: number,
    ): Promise<{ query: string; count: number }[]> {
      const total = sql<number>`sum(${sql.ref(by)})`;
      const rows = await k
        .selectFrom('analytics_queries')
        .select(['query', total.as('n')])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('query')
        .having(total, '>', 0)
        .orderBy('n', 'desc')
        .orderBy('query')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ query: r.query, count: Number(r.n) }));
    },

    /** Digest deliveries sent / failed for good per digest day (the digest module's table, read only). */
    async digestsByDay(from: string, to: string): Promise<{ day: string; status: string; n: number }[]> {
      const rows = await k
        .selectFrom('digests')
        .select(['day', 'status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .where('status', 'in', ['sent', 'failed'])
        .groupBy(['day', 'status'])
        .execute();
      return rows.map((r) => ({ day: r.day, status: r.status, n: Number(r.n) }));
    },
  };
}
