import type { Database } from 'better-sqlite3';
import { keywordMatch } from './fts5-match.ts';
import { matchStages, planMatchIds } from './search-plan.ts';
import type { MatchIds, MatchIdsQuery } from './search.types.ts';

const NONE: MatchIds = { ids: [], fallback: false };

/**
 * SearchIndex.matchIds on FTS5: the first match stage that finds anything in any type (the
 * stage the 全部 tab shows and a type's tab keeps, sqlite-search-reader.ts `compute`), then
 * every match of it in `types`, read as ids. One pass over the type's posting list: a few
 * milliseconds for thousands of reports. Runs on the calling connection, which sees its own
 * writes.
 */
export function sqliteMatchIds(db: Database, query: MatchIdsQuery): MatchIds {
  const plan = planMatchIds(query);
  if (!plan) {
    return NONE;
  }
  const any = db.prepare('SELECT 1 FROM search_fts WHERE search_fts MATCH ? LIMIT 1').pluck();
  const stage = matchStages(plan.terms, plan.exactTerms).find(
    (s) => any.get(keywordMatch(s.terms, s.mode, 'text', [])) !== undefined,
  );
  if (!stage) {
    return NONE;
  }
  const ids = db
    .prepare(
      `SELECT d.doc_id FROM search_fts f JOIN search_docs d ON d.ord = f.rowid WHERE search_fts MATCH ?`,
    )
    .pluck()
    .all(keywordMatch(stage.terms, stage.mode, 'text', plan.types)) as string[];
  return { ids, fallback: stage.fallback };
}
