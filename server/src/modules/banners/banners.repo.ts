import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BannersTable } from '../../db/schema.ts';

export type BannerRow = Selectable<BannersTable>;
export type NewBanner = Insertable<BannersTable>;
export type BannersRepo = ReturnType<typeof createBannersRepo>;

export function createBannersRepo(db: Db) {
  const k = db.kysely;
  return {
    /** Enabled banners whose schedule holds `now` (either end may be open), in carousel order. */
    listEnabled(now: number): Promise<BannerRow[]> {
      return k
        .selectFrom('banners')
        .selectAll()
        .where('enabled', '=', 1)
        .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    async exists(id: number): Promise<boolean> {
      return (
        (await k.selectFrom('banners').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
      );
    },

    async insert(row: NewBanner): Promise<number> {
      return (await k.insertInto('banners').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },

    async count(): Promise<number> {
      const row = await k
        .selectFrom('banners')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async logClick(bannerId: number, userId: number, at: number): Promise<void> {
      await k
        .insertInto('banner_clicks')
        .values({ banner_id: bannerId, user_id: userId, clicked_at: at })
        .execute();
    },

    async clicks(bannerId: number): Promise<number> {
      const row = await k
        .selectFrom('banner_clicks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('banner_id', '=', bannerId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
