import { sql, type Kysely } from 'kysely';
import { kindsQuery, wordsQuery } from './pg-lexemes.ts';
import { matchStages, newestLimit, planMatchIds, type MatchStage, type SearchPlan } from './search-plan.ts';
import type { MatchIds, MatchIdsQuery, NewestMatches, NewestMatchesQuery } from './search.types.ts';

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
          return read(trx, `${words} & ${kindsQuery(plan.types)}`, stage);
        }
      }
      return undefined;
    });
}

/** SearchIndex.matchIds on PostgreSQL: every match of the first stage in `types`, as ids. */
export async function pgMatchIds<DB>(db: Kysely<DB>, query: MatchIdsQuery): Promise<MatchIds> {
  const plan = planMatchIds(query);
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
 * SearchIndex.newestMatches on PostgreSQL: the first stage's matches in `types`, the newest
 * `limit` by `ord` (publish order). GIN has no order, so the matches' ords are read from the
 * narrow search_terms table (~100 rows a page) and the top `limit` kept; only those are
 * joined to search_docs for their ids and times.
 */
export async function pgNewestMatches<DB>(db: Kysely<DB>, query: NewestMatchesQuery): Promise<NewestMatches> {
  const plan = planMatchIds(query);
  if (!plan) {
    return { matches: [], fallback: false };
  }
  const found = await firstStageMatches(db, plan, async (trx, tsquery, stage) => {
    const { rows } = await sql<{ doc_id: string; published_at: Date }>`
      SELECT d.doc_id, d.published_at FROM (
        SELECT ord FROM search_terms WHERE tsv @@ ${tsquery}::tsquery ORDER BY ord DESC LIMIT ${newestLimit(query.limit)}
      ) t JOIN search_docs d USING (ord) ORDER BY t.ord DESC`.execute(trx);
    return {
      matches: rows.map((r) => ({ id: r.doc_id, publishedAt: new Date(r.published_at) })),
      fallback: stage.fallback,
    };
  });
  return found ?? { matches: [], fallback: false };
}
