import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MaterialsTable } from '../../db/schema.ts';
import { PUBLISHED } from './publish-status.ts';

export type MaterialRow = Selectable<MaterialsTable>;
export type NewMaterial = Insertable<MaterialsTable>;
export type MaterialsRepo = ReturnType<typeof createMaterialsRepo>;

export function createMaterialsRepo(db: Db) {
  const k = db.kysely;
  // Lists and details read through the read replica when it has every write (db/read-routing.ts).
  const reads = db.reads;
  return {
    async insertMany(rows: readonly NewMaterial[]): Promise<number[]> {
      if (rows.length === 0) {
        return [];
      }
      return k.transaction().execute(async (tx) => {
        const ids: number[] = [];
        for (const row of rows) {
          ids.push(
            (await tx.insertInto('materials').values(row).returning('id').executeTakeFirstOrThrow()).id,
          );
        }
        return ids;
      });
    },

    /** Published rows only (what users may see), unless `anyStatus` (indexing, the back-office). */
    byIds(ids: readonly number[], anyStatus = false): Promise<MaterialRow[]> {
      if (ids.length === 0) {
        return Promise.resolve([]);
      }
      return reads
        .selectFrom('materials')
        .selectAll()
        .where('id', 'in', [...ids])
        .$if(!anyStatus, (q) => q.where('status', '=', PUBLISHED))
        .execute();
    },

    /**
     * The videos whose length (seconds) lies in [min, max]; an unset bound is no limit. Images
     * (and videos of unknown length) have 0 and never match.
     */
    ofLengthRange(
      min: number | undefined,
      max: number | undefined,
    ): Promise<{ id: number; published_at: number }[]> {
      let query = reads
        .selectFrom('materials')
        .select(['id', 'published_at'])
        .where('video_duration', '>', 0)
        .where('status', '=', PUBLISHED);
      if (min !== undefined) {
        query = query.where('video_duration', '>=', min);
      }
      if (max !== undefined) {
        query = query.where('video_duration', '<=', max);
      }
      return query.execute();
    },
  };
}
