import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OrganisationClaimsTable } from '../../db/schema.ts';

export type ClaimsRepo = ReturnType<typeof createClaimsRepo>;

/** Organisation claims (migration 2026112601): written here; the back-office's claims inbox reads them. */
export function createClaimsRepo(db: Db) {
  return {
    async insert(row: Insertable<OrganisationClaimsTable>): Promise<number> {
      const inserted = await db.kysely
        .insertInto('organisation_claims')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },
  };
}
