import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ContentStatsTable } from '../../db/schema.ts';
import type { ContentType } from './content-types.ts';

export type ContentStatsRow = Selectable<ContentStatsTable>;
export type StatCounter = 'views' | 'downloads' | 'favorites' | 'useful';
export type Counts = Record<StatCounter, number>;
export type ContentStatsRepo = ReturnType<typeof createContentStatsRepo>;

export const ZERO_COUNTS: Counts = { views: 0, downloads: 0, favorites: 0, useful: 0 };

export function createContentStatsRepo(db: Db) {
  const k = db.kysely;
  return {
    async set(type: ContentType, id: number, counts: Counts, now: number): Promise<void> {
      await k
        .insertInto('content_stats')
        .values({ content_type: type, content_id: id, ...counts, updated_at: now })
        .onConflict((oc) =>
          oc.columns(['content_type', 'content_id']).doUpdateSet({ ...counts, updated_at: now }),
        )
        .execute();
    },

    /** Adds `deltas` to the item's counters (creating its row, where a negative delta starts at zero) and returns the new counts. */
    async add(type: ContentType, id: number, deltas: Partial<Counts>, now: number): Promise<Counts> {
      const moved = (Object.entries(deltas) as [StatCounter, number][]).filter(([, by]) => by !== 0);
      if (moved.length > 0) {
        await k
          .insertInto('content_stats')
          .values({
            content_type: type,
            content_id: id,
            ...ZERO_COUNTS,
            ...Object.fromEntries(moved.map(([counter, by]) => [counter, Math.max(0, by)])),
            updated_at: now,
          })
          .onConflict((oc) =>
            oc.columns(['content_type', 'content_id']).doUpdateSet((eb) => ({
              ...Object.fromEntries(
                moved.map(([counter, by]) => [counter, eb(eb.ref(`content_stats.${counter}`), '+', by)]),
              ),
              updated_at: now,
            })),
          )
          .execute();
      }
      return (await this.get(type, id)) ?? ZERO_COUNTS;
    },

    async get(type: ContentType, id: number): Promise<Counts | undefined> {
      return k
        .selectFrom('content_stats')
        .select(['views', 'downloads', 'favorites', 'useful'])
        .where('content_type', '=', type)
        .where('content_id', '=', id)
        .executeTakeFirst();
    },

    many(type: ContentType, ids: readonly number[]): Promise<ContentStatsRow[]> {
      if (ids.length === 0) {
        return Promise.resolve([]);
      }
      return k
        .selectFrom('content_stats')
        .selectAll()
        .where('content_type', '=', type)
        .where('content_id', 'in', [...ids])
        .execute();
    },
  };
}
