import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type MenuItemRow = {
  id: number;
  parent_id: number | null;
  key: string;
  title: string;
  path: string;
  sort_order: number;
  enabled: number;
  version: number;
};

/** The only SQL over `site_settings`, and the back-office's writes to `menu_items`. */
export function createAdminSiteRepo(db: Db) {
  const k = db.kysely;
  const num = (r: MenuItemRow): MenuItemRow => ({
    ...r,
    sort_order: Number(r.sort_order),
    enabled: Number(r.enabled),
    version: Number(r.version),
  });
  return {
    async menu(): Promise<MenuItemRow[]> {
      const rows = await k
        .selectFrom('menu_items')
        .select(['id', 'parent_id', 'key', 'title', 'path', 'sort_order', 'enabled', 'version'])
        .orderBy((eb) => eb.case().when('parent_id', 'is', null).then(0).else(1).end())
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      return rows.map(num);
    },

    async menuItem(id: number): Promise<MenuItemRow | null> {
      const row = await k
        .selectFrom('menu_items')
        .select(['id', 'parent_id', 'key', 'title', 'path', 'sort_order', 'enabled', 'version'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? num(row) : null;
    },

    /** False when the item moved past `version` (or is gone): nothing changed. */
    async updateMenuItem(
      id: number,
      version: number,
      fields: { title: string; path: string; sort_order: number; enabled: number },
    ): Promise<boolean> {
      const result = await k
        .updateTable('menu_items')
        .set({ ...fields, version: sql<number>`version + 1` })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setting(key: string): Promise<{ value: string; version: number } | null> {
      const row = await k
        .selectFrom('site_settings')
        .select(['value', 'version'])
        .where('key', '=', key)
        .executeTakeFirst();
      return row ? { value: row.value, version: Number(row.version) } : null;
    },

    /**
     * Writes a setting if it is still at `version` (0: not stored yet, so this inserts it).
     * False when someone saved first.
     */
    async saveSetting(key: string, value: string, version: number, now: number): Promise<boolean> {
      if (version === 0) {
        const inserted = await k
          .insertInto('site_settings')
          .values({ key, value, version: 1, updated_at: now })
          .onConflict((oc) => oc.column('key').doNothing())
          .returning('key')
          .execute();
        return inserted.length === 1;
      }
      const result = await k
        .updateTable('site_settings')
        .set({ value, version: sql<number>`version + 1`, updated_at: now })
        .where('key', '=', key)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type AdminSiteRepo = ReturnType<typeof createAdminSiteRepo>;
