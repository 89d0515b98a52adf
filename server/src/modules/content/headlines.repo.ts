import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { HeadlinesTable } from '../../db/schema.ts';
import { PUBLISHED } from './publish-status.ts';

export type HeadlineRow = Selectable<HeadlinesTable>;
export type NewHeadline = Insertable<HeadlinesTable>;
export type HeadlinesRepo = ReturnType<typeof createHeadlinesRepo>;

export function createHeadlinesRepo(db: Db) {
  const k = db.kysely;
  // Lists and details read through the read replica when it has every write (db/read-routing.ts).
  const reads = db.reads;
  return {
    /** Inserts in order; returns the new ids in the same order. */
    async insertMany(rows: readonly NewHeadline[]): Promise<number[]> {
      if (rows.length === 0) {
        return [];
      }
      return k.transaction().execute(async (tx) => {
        const ids: number[] = [];
        for (let i = 0; i < rows.length; i += 50) {
          const inserted = await tx
            .insertInto('headlines')
            .values(rows.slice(i, i + 50))
            .returning('id')
            .execute();
          ids.push(...inserted.map((r) => r.id));
        }
        return ids;
      });
    },

    async count(): Promise<number> {
      const row = await k
        .selectFrom('headlines')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Published rows only (what users may see), unless `anyStatus` (indexing, the back-office). */
    byIds(ids: readonly number[], anyStatus = false): Promise<HeadlineRow[]> {
      if (ids.length === 0) {
        return Promise.resolve([]);
      }
      return reads
        .selectFrom('headlines')
        .selectAll()
        .where('id', 'in', [...ids])
        .$if(!anyStatus, (q) => q.where('status', '=', PUBLISHED))
        .execute();
    },
  };
}
