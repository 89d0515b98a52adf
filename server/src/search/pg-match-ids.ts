import { sql, type Kysely } from 'kysely';
import { kindsQuery, wordsQuery } from './pg-lexemes.ts';
import {
  matchStages,
  planMatchIds,
  planMatchesAmong,
  type MatchStage,
  type SearchPlan,
} from './search-plan.ts';
import type { HitsOfQuery, MatchIds, MatchIdsQuery } from './search.types.ts';
import type { CompleteWords } from './word-stamps.ts';

const NONE: MatchIds = { ids: [], fallback: false };

/**
 * In one read-only transaction with sequential scans off, as the searches run (a seq scan tests
 * every row's tsvector): the first match stage that finds anything in any type (as
 * pg-search-reader.ts `run` picks it for a type's tab), and `read` of its matches in `types`
 * (the words and the type lexeme intersected in GIN). Undefined when no stage matches.
 */
async function firstStageMatches<DB, T>(
  db: Kysely<DB>,
  plan: SearchPlan,
  read: (trx: Kysely<DB>, query: string, stage: MatchStage) => Promise<T>,
): Promise<T | undefined> {
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
        if (any.length > 0) {
          return read(trx, plan.types.length === 0 ? words : `${words} & ${kindsQuery(plan.types)}`, stage);
        }
      }
      return undefined;
    });
}

/** SearchIndex.matchIds on PostgreSQL: every match of the first stage in `types`, as ids. */
export async function pgMatchIds<DB>(
  db: Kysely<DB>,
  query: MatchIdsQuery,
  complete?: CompleteWords,
): Promise<MatchIds> {
  const plan = planMatchIds(query, complete);
  if (!plan) {
    return NONE;
  }
  const found = await firstStageMatches(db, plan, async (trx, tsquery, stage) => {
    const { rows } = await sql<{ doc_id: string }>`
      SELECT d.doc_id FROM search_terms t JOIN search_docs d USING (ord)
      WHERE t.tsv @@ ${tsquery}::tsquery`.execute(trx);
    return { ids: rows.map((r) => r.doc_id), fallback: stage.fallback };
  });
  return found ?? NONE;
}

/**
 * SearchIndex.matchesAmong on PostgreSQL: the asked documents by id (search_docs' unique index)
 * and their tsvectors tested, or the keyword's GIN matches when the planner finds them fewer.
 */
export async function pgMatchesAmong<DB>(
  db: Kysely<DB>,
  query: HitsOfQuery,
  complete?: CompleteWords,
): Promise<MatchIds> {
  const plan = planMatchesAmong(query, complete);
  if (!plan) {
    return NONE;
  }
  const found = await firstStageMatches(db, plan, async (trx, tsquery, stage) => {
    // The planner picks: the asked rows by id with their tsvectors tested, or the keyword's GIN
    // matches joined (cheaper for a rare word; testing each row was ~20 ms for 1,050 rows at
    // 200,000 documents whatever the word, bench/search/keyword-walk.ts).
    const { rows } = await sql<{ doc_id: string }>`
      SELECT d.doc_id FROM search_docs d JOIN search_terms t USING (ord)
      WHERE d.doc_id = ANY(${[...query.ids]}::text[]) AND t.tsv @@ ${tsquery}::tsquery`.execute(trx);
    return { ids: rows.map((r) => r.doc_id), fallback: stage.fallback };
  });
  return found ?? NONE;
}
