import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BannersTable } from '../../db/schema.ts';

export type AdminBannerRow = Selectable<BannersTable> & { clicks: number };
export type BannerFields = Omit<Insertable<BannersTable>, 'id' | 'created_at' | 'version' | 'updated_at'>;

/** bigint columns may come back as strings (PostgreSQL): numbers out, nulls kept. */
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The back-office's SQL over `banners` and their `banner_clicks` counts. */
export function createAdminBannersRepo(db: Db) {
  const k = db.kysely;
  const withClicks = () =>
    k
      .selectFrom('banners as b')
      .selectAll('b')
      .select((eb) =>
        eb
          .selectFrom('banner_clicks as c')
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .whereRef('c.banner_id', '=', 'b.id')
          .as('clicks'),
      );
  const out = (r: Record<string, unknown>): AdminBannerRow =>
    ({
      ...r,
      sort: num(r.sort),
      enabled: num(r.enabled),
      created_at: num(r.created_at),
      updated_at: num(r.updated_at),
      version: num(r.version),
      starts_at: numOrNull(r.starts_at),
      ends_at: numOrNull(r.ends_at),
      clicks: num(r.clicks ?? 0),
    }) as AdminBannerRow;

  return {
    /** Every banner in carousel order. */
    async list(): Promise<AdminBannerRow[]> {
      return (await withClicks().orderBy('b.sort').orderBy('b.id').execute()).map(out);
    },

    async byId(id: number): Promise<AdminBannerRow | null> {
      const row = await withClicks().where('b.id', '=', id).executeTakeFirst();
      return row ? out(row) : null;
    },

    async insert(fields: BannerFields, now: number): Promise<number> {
      const { id } = await k
        .insertInto('banners')
        .values({ ...fields, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /**
     * Writes `fields` if the row is still at `version` (null: any version, for the enable switch
     * and reordering, which set a value rather than edit one), adding one to it. False when
     * someone else wrote first or the row is gone: nothing changed.
     */
    async update(id: number, version: number | null, now: number, fields: Partial<BannerFields>) {
      const result = await k
        .updateTable('banners')
        .set({ ...fields, version: sql<number>`version + 1`, updated_at: now })
        .where('id', '=', id)
        .$if(version !== null, (q) => q.where('version', '=', version ?? 0))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Sets `sort` to each id's place in `ids`, in one transaction. */
    async reorder(ids: readonly number[], now: number): Promise<void> {
      await k.transaction().execute(async (tx) => {
        for (const [i, id] of ids.entries()) {
          await tx
            .updateTable('banners')
            .set({ sort: i + 1, version: sql<number>`version + 1`, updated_at: now })
            .where('id', '=', id)
            .where('sort', '!=', i + 1)
            .execute();
        }
      });
    },

    /** Removes the banner; its click records go with it (foreign key cascade). */
    async remove(id: number): Promise<boolean> {
      const result = await k.deleteFrom('banners').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}

export type AdminBannersRepo = ReturnType<typeof createAdminBannersRepo>;
