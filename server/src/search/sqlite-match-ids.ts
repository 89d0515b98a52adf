import type { Database, Statement } from 'better-sqlite3';
import { keywordMatch } from './fts5-match.ts';
import { matchStages, newestLimit, planMatchIds, type MatchStage, type SearchPlan } from './search-plan.ts';
import type { MatchIds, MatchIdsQuery, NewestMatches, NewestMatchesQuery } from './search.types.ts';

const NONE: MatchIds = { ids: [], fallback: false };

/** Statements prepared once per connection (preparing one costs about what running it does here). */
const prepared = new WeakMap<Database, Map<string, Statement>>();

function statement(db: Database, source: string): Statement {
  let mine = prepared.get(db);
  if (!mine) {
    mine = new Map();
    prepared.set(db, mine);
  }
  let found = mine.get(source);
  if (!found) {
    found = db.prepare(source);
    mine.set(source, found);
  }
  return found;
}

/**
 * The first match stage that finds anything in any type: the stage the 全部 tab shows and a
 * type's tab keeps (sqlite-search-reader.ts `compute`).
 */
function firstStage(db: Database, plan: SearchPlan): MatchStage | undefined {
  const any = statement(db, 'SELECT 1 FROM search_fts WHERE search_fts MATCH ? LIMIT 1').pluck();
  return matchStages(plan.terms, plan.exactTerms).find(
    (s) => any.get(keywordMatch(s.terms, s.mode, 'text', [])) !== undefined,
  );
}

/**
 * SearchIndex.matchIds on FTS5: every match of the first stage in `types`, read as ids. One
 * pass over the type's posting list: a few milliseconds for thousands of reports. Runs on the
 * calling connection, which sees its own writes.
 */
export function sqliteMatchIds(db: Database, query: MatchIdsQuery): MatchIds {
  const plan = planMatchIds(query);
  const stage = plan && firstStage(db, plan);
  if (!plan || !stage) {
    return NONE;
  }
  const ids = statement(
    db,
    `SELECT d.doc_id FROM search_fts f JOIN search_docs d ON d.ord = f.rowid WHERE search_fts MATCH ?`,
  )
    .pluck()
    .all(keywordMatch(stage.terms, stage.mode, 'text', plan.types)) as string[];
  return { ids, fallback: stage.fallback };
}

/**
 * SearchIndex.newestMatches on FTS5: the first stage's matches in `types`, walked down the
 * rowid (publish order) and stopped after `limit`, so a word in half the documents costs what
 * its newest `limit` cost. No count, no body read.
 */
export function sqliteNewestMatches(db: Database, query: NewestMatchesQuery): NewestMatches {
  const plan = planMatchIds(query);
  const stage = plan && firstStage(db, plan);
  if (!plan || !stage) {
    return { matches: [], fallback: false };
  }
  const rows = statement(
    db,
    `SELECT d.doc_id, d.published_at FROM search_fts f JOIN search_docs d ON d.ord = f.rowid
     WHERE search_fts MATCH ? ORDER BY f.rowid DESC LIMIT ?`,
  ).all(keywordMatch(stage.terms, stage.mode, 'text', plan.types), newestLimit(query.limit)) as {
    doc_id: string;
    published_at: number;
  }[];
  return {
    matches: rows.map((r) => ({ id: r.doc_id, publishedAt: new Date(r.published_at) })),
    fallback: stage.fallback,
  };
}
