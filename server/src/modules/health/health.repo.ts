import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export function createHealthRepo(db: Db) {
  return {
    /** One round trip to the database. */
    async ping(): Promise<void> {
      await sql`select 1`.execute(db.kysely);
    },
  };
}
export type HealthRepo = ReturnType<typeof createHealthRepo>;
