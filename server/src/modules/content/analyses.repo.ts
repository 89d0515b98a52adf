import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AnalysesTable } from '../../db/schema.ts';
import { PUBLISHED } from './publish-status.ts';

export type AnalysisRow = Selectable<AnalysesTable>;
export type NewAnalysis = Insertable<AnalysesTable>;
export type AnalysesRepo = ReturnType<typeof createAnalysesRepo>;

export function createAnalysesRepo(db: Db) {
  const k = db.kysely;
  // Lists and details read through the read replica when it has every write (db/read-routing.ts).
  const reads = db.reads;
  return {
    async insertMany(rows: readonly NewAnalysis[]): Promise<number[]> {
      if (rows.length === 0) {
        return [];
      }
      return k.transaction().execute(async (tx) => {
        const ids: number[] = [];
        for (const row of rows) {
          ids.push(
            (await tx.insertInto('analyses').values(row).returning('id').executeTakeFirstOrThrow()).id,
          );
        }
        return ids;
      });
    },

    /** Published rows only (what users may see), unless `anyStatus` (indexing, the back-office). */
    byIds(ids: readonly number[], anyStatus = false): Promise<AnalysisRow[]> {
      if (ids.length === 0) {
        return Promise.resolve([]);
      }
      return reads
        .selectFrom('analyses')
        .selectAll()
        .where('id', 'in', [...ids])
        .$if(!anyStatus, (q) => q.where('status', '=', PUBLISHED))
        .execute();
    },
    /** Every analysis of a menu category (anal_type), for the category's list. */
    ofCategory(analType: string): Promise<{ id: number; published_at: number }[]> {
      return reads
        .selectFrom('analyses')
        .select(['id', 'published_at'])
        .where('anal_type', '=', analType)
        .where('status', '=', PUBLISHED)
        .execute();
    },
  };
}
