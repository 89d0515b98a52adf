import { queryTerms, type QueryTerm } from './segmenter.ts';
import { withSynonyms } from './synonyms.ts';
import { withCompleteWords, type CompleteWords } from './word-stamps.ts';
import {
  isDocType,
  type DocType,
  type HitsOfQuery,
  type MatchIdsQuery,
  type SearchQuery,
  type SearchSort,
} from './search.types.ts';

/** Spec §9: search lists page by 20. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;
/**
 * Deep paging is bounded like Elasticsearch's max_result_window: a page starting past this
 * offset returns no hits (the same total). Returning the last allowed page again would
 * repeat hits and keep an infinite-scroll client loading forever.
 */
export const MAX_OFFSET = 1_000;
/**
 * Matches are counted up to this many (Elasticsearch `track_total_hits` default). Counting
 * a term found in 300,000 documents exactly costs as much as ranking them all; "10,000+"
 * is what a user can page through anyway.
 */
export const TOTAL_HITS_CAP = 10_000;
/**
 * Relevance never scores every match. Documents whose title or tags hold the words come
 * first: the newest TITLE_WINDOW of them, ranked. Then, if the page is not full yet, the
 * other matches among the newest RELEVANCE_WINDOW, ranked. bm25 costs ~1.2 µs per scored
 * row in FTS5 (PostgreSQL ts_rank ~10×), so ranking a word found in 300,000 documents
 * would take a third of a second. Among very common words the newest matches are also
 * the ones a reader of business news wants. TITLE_WINDOW must exceed MAX_OFFSET +
 * MAX_PAGE_SIZE (see the implementations).
 */
export const RELEVANCE_WINDOW = 5_000;
export const TITLE_WINDOW = 2_000;
/**
 * `hot` with a keyword orders the newest HOT_WINDOW matches by hot score — exact whenever a
 * keyword matches fewer documents. Hot scores fall by half per week of age (hot-score.ts),
 * so older matches outside the window rarely belong on the first pages.
 */
export const HOT_WINDOW = 10_000;

/**
 * SQLite keeps the newest RECENT_DOCS documents in a second FTS5 table so that bm25 over
 * recent candidates reads short posting lists (search.schema.ts). Ten times the largest
 * candidate window keeps every word found in more than one document in ten inside it.
 */
export const RECENT_DOCS = 50_000;

/** A search request after validation: what both index implementations execute. */
export type SearchPlan = {
  /** Empty when there is no keyword (browse) or the keyword had no letters or digits. */
  terms: QueryTerm[];
  /**
   * The same words with each short Han run whole (segmenter.ts WHOLE_RUN_CHARS), tried first;
   * empty when they are `terms` already.
   */
  exactTerms: QueryTerm[];
  /** A keyword was given; with no usable terms that means "nothing matches". */
  hasKeyword: boolean;
  /** Empty means every type. */
  types: DocType[];
  sort: SearchSort;
  page: number;
  pageSize: number;
  offset: number;
  /** The page lies past MAX_OFFSET: answer the total with no hits. */
  beyondWindow: boolean;
  /** Types whose own tab's total to count as well (SearchQuery.typeTotals). */
  typeTotals: DocType[];
  /** Report hits carry their page hit (SearchQuery.pageHits). */
  pageHits: boolean;
};

function wholeNumber(value: number, fallback: number): number {
  return Number.isFinite(value) ? Math.trunc(value) : fallback;
}

/**
 * The plan of SearchIndex.matchIds (both engines): the keyword's terms and the types, as a
 * search plans them; null when nothing can match (no term, no type).
 */
export function planMatchIds(query: MatchIdsQuery, complete?: CompleteWords): SearchPlan | null {
  const plan = planSearch({ ...query, sort: 'new', page: 1, pageSize: 1 }, complete);
  return plan.terms.length === 0 || plan.types.length === 0 ? null : plan;
}

/**
 * The plan of SearchIndex.matchesAmong (both engines): the keyword's terms, as a search plans
 * them; null when nothing can match (no term, no document asked).
 */
export function planMatchesAmong(query: HitsOfQuery, complete?: CompleteWords): SearchPlan | null {
  const plan = planHitsOf(query, complete);
  return plan.terms.length === 0 || query.ids.length === 0 ? null : plan;
}

/** The plan of SearchIndex.hitsOf (both engines): the keyword's terms, as a search plans them. */
export function planHitsOf(query: HitsOfQuery, complete?: CompleteWords): SearchPlan {
  return planSearch(
    { keyword: query.keyword, synonyms: query.synonyms, sort: 'new', page: 1, pageSize: 1 },
    complete,
  );
}

/** SearchIndex.newestMatches' limit, clamped as paging is: 1 to the deepest page's end. */
export function newestLimit(limit: number): number {
  return Math.min(MAX_OFFSET + MAX_PAGE_SIZE, Math.max(1, wholeNumber(limit, 1)));
}

/**
 * Clamps paging, segments the keyword and normalises the filter. Never throws. `complete`: the
 * words the index holds as tokens wherever they occur (word-stamps.ts), matched without their
 * bigram phrase.
 */
export function planSearch(query: SearchQuery, complete?: CompleteWords): SearchPlan {
  const keyword = typeof query.keyword === 'string' ? query.keyword : '';
  const hasKeyword = keyword.trim().length > 0;
  const words = hasKeyword ? withSynonyms(queryTerms(keyword), query.synonyms).terms : [];
  const exact = hasKeyword ? withSynonyms(queryTerms(keyword, true), query.synonyms).terms : [];
  const exactWords = JSON.stringify(exact) === JSON.stringify(words) ? [] : exact;
  const terms = complete ? withCompleteWords(words, complete) : words;
  const exactTerms = complete ? withCompleteWords(exactWords, complete) : exactWords;
  const page = Math.max(1, wholeNumber(query.page, 1));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, wholeNumber(query.pageSize, DEFAULT_PAGE_SIZE)));
  const offset = (page - 1) * pageSize;
  const types = [...new Set((query.types ?? []).filter((t) => isDocType(t)))];
  const sort: SearchSort = query.sort === 'new' || query.sort === 'hot' ? query.sort : 'relevance';
  return {
    terms,
    exactTerms,
    hasKeyword,
    types,
    sort,
    page,
    pageSize,
    offset,
    beyondWindow: offset > MAX_OFFSET,
    typeTotals: hasKeyword ? [...new Set((query.typeTotals ?? []).filter((t) => isDocType(t)))] : [],
    pageHits: hasKeyword && query.pageHits === true,
  };
}

/** One way of matching the keyword; the readers take the first stage that finds anything. */
export type MatchStage = { mode: 'and' | 'or'; terms: QueryTerm[]; fallback: boolean };

/**
 * Strictest first: each short Han run as typed (同比增长 as those four characters), when that
 * differs from the words; every word (a word matching as a token or, for a Han word, as
 * adjacent characters: segmenter.ts `QueryTerm`); then any word (`fallback`). A stage answers
 * when it finds anything. On a type's tab the readers move past a stage only when it finds
 * nothing in any type, so the 全部 tab never finds fewer items of a type than that type's tab.
 */
export function matchStages(
  terms: readonly QueryTerm[],
  exactTerms: readonly QueryTerm[] = [],
): MatchStage[] {
  const stages: MatchStage[] = [];
  if (exactTerms.length > 0) {
    stages.push({ mode: 'and', terms: [...exactTerms], fallback: false });
  }
  stages.push({ mode: 'and', terms: [...terms], fallback: false });
  if (terms.length > 1) {
    stages.push({ mode: 'or', terms: [...terms], fallback: true });
  }
  return stages;
}
