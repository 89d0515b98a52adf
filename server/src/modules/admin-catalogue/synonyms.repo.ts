import type { Db } from '../../db/database.ts';
import { readSynonymGroups, type SynonymGroupRow } from '../search/synonym-source.ts';

export type SynonymsRepo = ReturnType<typeof createSynonymsRepo>;

/** SQL of the synonym groups; writes at a version change nothing when another edit came first. */
export function createSynonymsRepo(db: Db) {
  const k = db.kysely;
  return {
    list: () => readSynonymGroups(db),

    async get(id: number): Promise<SynonymGroupRow | undefined> {
      return (await readSynonymGroups(db)).find((g) => g.id === id);
    },

    async insert(words: readonly string[], at: number): Promise<number> {
      const row = await k
        .insertInto('synonym_groups')
        .values({ words: JSON.stringify(words), created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** False when the group is gone or no longer at `version`. */
    async update(id: number, version: number, words: readonly string[], at: number): Promise<boolean> {
      const result = await k
        .updateTable('synonym_groups')
        .set({ words: JSON.stringify(words), version: version + 1, updated_at: at })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async remove(id: number, version: number): Promise<boolean> {
      const result = await k
        .deleteFrom('synonym_groups')
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}
