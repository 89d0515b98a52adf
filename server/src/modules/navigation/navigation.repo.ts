import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MenuItemsTable } from '../../db/schema.ts';

export type MenuRow = Selectable<MenuItemsTable>;
export type NewMenuItem = {
  key: string;
  title: string;
  path: string;
  icon?: string;
  children?: NewMenuItem[];
};
export type NavigationRepo = ReturnType<typeof createNavigationRepo>;

export function createNavigationRepo(db: Db) {
  const k = db.kysely;
  return {
    /** Every shown menu row (the back-office may hide some), parents before children, each level in display order. */
    listMenu(): Promise<MenuRow[]> {
      return k
        .selectFrom('menu_items')
        .selectAll()
        .where('enabled', '=', 1)
        .orderBy((eb) => eb.case().when('parent_id', 'is', null).then(0).else(1).end())
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    async countMenu(): Promise<number> {
      const row = await k
        .selectFrom('menu_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Inserts a menu tree in one transaction, keeping the given order. Items whose key exists
     * already are kept as they are, so two nodes seeding at once do not collide.
     */
    async insertMenu(items: readonly NewMenuItem[]): Promise<void> {
      await k.transaction().execute(async (tx) => {
        const insert = async (list: readonly NewMenuItem[], parentId: number | null) => {
          for (const [i, item] of list.entries()) {
            await tx
              .insertInto('menu_items')
              .values({
                parent_id: parentId,
                key: item.key,
                title: item.title,
                path: item.path,
                icon: item.icon ?? null,
                sort_order: i + 1,
              })
              .onConflict((oc) => oc.column('key').doNothing())
              .execute();
            if (item.children) {
              const row = await tx
                .selectFrom('menu_items')
                .select('id')
                .where('key', '=', item.key)
                .executeTakeFirstOrThrow();
              await insert(item.children, row.id);
            }
          }
        };
        await insert(items, null);
      });
    },
  };
}
