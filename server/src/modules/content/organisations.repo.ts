import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OrganisationsTable } from '../../db/schema.ts';

export type OrganisationRow = Selectable<OrganisationsTable>;
export type NewOrganisation = Insertable<OrganisationsTable>;
export type OrganisationsRepo = ReturnType<typeof createOrganisationsRepo>;

export function createOrganisationsRepo(db: Db) {
  const k = db.kysely;
  return {
    /** Inserts organisations whose name is new; returns the id of every given name. */
    async ensure(rows: readonly NewOrganisation[]): Promise<Map<string, number>> {
      for (const row of rows) {
        await k
          .insertInto('organisations')
          .values(row)
          .onConflict((oc) => oc.column('name').doNothing())
          .execute();
      }
      const names = rows.map((r) => r.name);
      if (names.length === 0) {
        return new Map();
      }
      const found = await k
        .selectFrom('organisations')
        .select(['id', 'name'])
        .where('name', 'in', names)
        .execute();
      return new Map(found.map((r) => [r.name, r.id]));
    },

    names(): Promise<{ name: string }[]> {
      return k.selectFrom('organisations').select('name').execute();
    },

    byId(id: number): Promise<OrganisationRow | undefined> {
      return k.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}
