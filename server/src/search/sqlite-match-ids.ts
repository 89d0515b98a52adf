import type { Database } from 'better-sqlite3';
import { keywordMatch } from './fts5-match.ts';
import { cachedStatement as statement } from './sqlite-statements.ts';
import {
  matchStages,
  newestLimit,
  planMatchIds,
  planMatchesAmong,
  type MatchStage,
  type SearchPlan,
} from './search-plan.ts';
import type {
  HitsOfQuery,
  MatchIds,
  MatchIdsQuery,
  NewestMatches,
  NewestMatchesQuery,
} from './search.types.ts';
import type { CompleteWords } from './word-stamps.ts';

const NONE: MatchIds = { ids: [], fallback: false };

/**
 * The first match stage that finds anything in any type: the stage the 全部 tab shows and a
 * type's tab keeps (sqlite-search-reader.ts `compute`).
 */
export function firstStage(db: Database, plan: SearchPlan): MatchStage | undefined {
  return matchStages(plan.terms, plan.exactTerms).find((s) => anyDocMatches(db, s));
}

/** Whether any document of any type holds the stage's words. */
export function anyDocMatches(db: Database, stage: MatchStage): boolean {
  const match = keywordMatch(stage.terms, stage.mode, 'text', []);
  return (
    statement(db, 'SELECT 1 FROM search_fts WHERE search_fts MATCH ? LIMIT 1').pluck().get(match) !==
    undefined
  );
}

/**
 * SearchIndex.matchIds on FTS5: every match of the first stage in `types`, read as ids. One
 * pass over the type's posting list: a few milliseconds for thousands of reports. Runs on the
 * calling connection, which sees its own writes.
 */
export function sqliteMatchIds(db: Database, query: MatchIdsQuery, complete?: CompleteWords): MatchIds {
  const plan = planMatchIds(query, complete);
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
export function sqliteNewestMatches(
  db: Database,
  query: NewestMatchesQuery,
  complete?: CompleteWords,
): NewestMatches {
  const plan = planMatchIds(query, complete);
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

/**
 * Matches walked per asked document before testing each asked document on its own instead:
 * walking a MATCH within a rowid span cost 2–20 µs a match, testing one rowid 35–190 µs (FTS5
 * seeks every term's list; a word's bigram phrase is several terms) on 100,000 generated
 * documents (bench/search/keyword-walk.ts).
 */
const WALK_PER_ASKED = 5;

/**
 * SearchIndex.matchesAmong on FTS5: the MATCH walked within the asked documents' rowid span
 * (a rare word, or a span of recent documents, costs a few of its matches); past
 * WALK_PER_ASKED matches per asked document the walk stops and the MATCH is tested on each
 * asked rowid alone, so a common word over a long span costs what the asked documents cost.
 */
export function sqliteMatchesAmong(db: Database, query: HitsOfQuery, complete?: CompleteWords): MatchIds {
  const plan = planMatchesAmong(query, complete);
  const stage = plan && firstStage(db, plan);
  if (!stage) {
    return NONE;
  }
  const ids = JSON.stringify(query.ids);
  const match = keywordMatch(stage.terms, stage.mode, 'text', []);
  const asked = statement(
    db,
    `SELECT ord, doc_id FROM search_docs WHERE doc_id IN (SELECT value FROM json_each(?))`,
  ).all(ids) as { ord: number; doc_id: string }[];
  if (asked.length === 0) {
    return { ids: [], fallback: stage.fallback };
  }
  const idOf = new Map(asked.map((r) => [r.ord, r.doc_id]));
  const ords = asked.map((r) => r.ord);
  const walk = statement(
    db,
    `SELECT rowid FROM search_fts WHERE search_fts MATCH ? AND rowid BETWEEN ? AND ?`,
  ).pluck();
  const found: string[] = [];
  const most = WALK_PER_ASKED * asked.length;
  let walked = 0;
  for (const rowid of walk.iterate(match, Math.min(...ords), Math.max(...ords)) as Iterable<number>) {
    // Leaving the loop resets the statement: the connection can run another one after it.
    if (++walked > most) {
      break;
    }
    const id = idOf.get(rowid);
    if (id !== undefined) {
      found.push(id);
    }
  }
  if (walked <= most) {
    return { ids: found, fallback: stage.fallback };
  }
  const tested = statement(
    db,
    // CROSS JOIN keeps this order: a plain join would walk the whole MATCH first.
    `SELECT d.doc_id FROM search_docs d CROSS JOIN search_fts f ON f.rowid = d.ord
     WHERE d.doc_id IN (SELECT value FROM json_each(?)) AND search_fts MATCH ?`,
  )
    .pluck()
    .all(ids, match) as string[];
  return { ids: tested, fallback: stage.fallback };
}
