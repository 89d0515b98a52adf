import { sql, type Kysely } from 'kysely';
import { kindsQuery, wordsQuery } from './pg-lexemes.ts';
import { matchStages, planMatchIds } from './search-plan.ts';
import type { MatchIds, MatchIdsQuery } from './search.types.ts';

const NONE: MatchIds = { ids: [], fallback: false };

/**
 * SearchIndex.matchIds on PostgreSQL: the first match stage that finds anything in any type
 * (as pg-search-reader.ts `run` picks it for a type's tab), then every match of it in `types`
 * from the GIN index — the words and the type lexeme intersected there — as ids. One
 * read-only transaction with sequential scans off, as the searches run (a seq scan tests every
 * row's tsvector).
 */
export async function pgMatchIds<DB>(db: Kysely<DB>, query: MatchIdsQuery): Promise<MatchIds> {
  const plan = planMatchIds(query);
  if (!plan) {
    return NONE;
  }
  return db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      for (const stage of matchStages(plan.terms, plan.exactTerms)) {
        const words = wordsQuery(stage.terms, stage.mode);
        const { rows: any } = await sql<{
          one: number;
        }>`SELECT 1 AS one FROM search_terms WHERE tsv @@ ${words}::tsquery LIMIT 1`.execute(trx);
        if (any.length === 0) {
          continue;
        }
        const { rows } = await sql<{ doc_id: string }>`
          SELECT d.doc_id FROM search_terms t JOIN search_docs d USING (ord)
          WHERE t.tsv @@ ${`${words} & ${kindsQuery(plan.types)}`}::tsquery`.execute(trx);
        return { ids: rows.map((r) => r.doc_id), fallback: stage.fallback };
      }
      return NONE;
    });
}
