import type { SynonymTable } from './synonyms.ts';
import type { RestampStep } from './word-restamp.ts';

/** Content kinds held in the one search index (spec §3 "Content types (index)"). */
export const DOC_TYPES = ['report', 'business', 'insight', 'material', 'analysis_material'] as const;
export type DocType = (typeof DOC_TYPES)[number];

export function isDocType(value: string): value is DocType {
  return (DOC_TYPES as readonly string[]).includes(value);
}

/**
 * The spec's `_index` value of a hit. Reports, headlines (business) and insights carry the
 * product prefix; materials and their analyses keep the fixed names the old client expects.
 */
export function indexNameOf(type: DocType, product: string): string {
  switch (type) {
    case 'report':
    case 'business':
    case 'insight':
      return `${product}_${type}`;
    case 'material':
      return 'mockup_open_screen';
    case 'analysis_material':
      return 'mockup_open_screen_analysis';
  }
}

/** What the content layer hands to the index. `id` is the content id (the hit's `_id`). */
export type SearchDoc = {
  id: string;
  type: DocType;
  title: string;
  /** Full text; for a report, the text of every page. */
  body: string;
  tags?: readonly string[];
  publishedAt: Date;
  /** From `hotScore`; refreshed with `setHot`. */
  hot: number;
  /**
   * A report's pages (page-index.ts): each is searchable on its own, so a hit can name the
   * page that holds the words. When given, `body` is their texts joined by newlines.
   */
  pages?: readonly DocPage[];
};

/** One page of a document: its number, text, and whether it is a cover or contents page. */
export type DocPage = { no: number; text: string; front?: boolean };

/**
 * A page's tokens and where its text sits in the document's body (code points), so a page
 * snippet is cut from the stored body instead of a second copy of the text.
 */
export type PreparedPage = {
  no: number;
  start: number;
  length: number;
  front: boolean;
  words: string;
  grams: string;
};

/** The page of a report hit that best holds the words, with a highlighted snippet of it. */
export type PageHit = { page: number; snippet: string };

/** A document with its tokens, ready to write. Made by `prepareDoc`, possibly on another thread. */
export type PreparedDoc = {
  id: string;
  type: DocType;
  title: string;
  body: string;
  tags: string[];
  publishedAtMs: number;
  hot: number;
  /**
   * Tokens joined by single spaces (tokens never contain one). Strings rather than arrays:
   * prepared documents cross from segmentation threads to the writer, and a structured
   * clone of ~150 small strings per document cost more than writing it (measured 41 µs vs
   * 11 µs per document to receive).
   */
  titleTokens: string;
  tagTokens: string;
  bodyTokens: string;
  /** Han character bigrams (segmenter.ts `gramTokens`) of the title and tags, and of the body. */
  titleGrams: string;
  bodyGrams: string;
  /** Present when the document came with pages (SearchDoc.pages). */
  pages?: PreparedPage[];
  /**
   * The word-registry stamp it was segmented under (word-stamps.ts; `SearchIndex.syncWords`):
   * every registered user word up to this id was loaded. Absent: -1, none known.
   */
  dictId?: number;
};

export type SearchSort = 'relevance' | 'new' | 'hot';

export type SearchQuery = {
  keyword?: string;
  /** Synonym groups applied to the keyword's words (synonyms.ts); none when absent. */
  synonyms?: SynonymTable;
  types?: readonly DocType[];
  sort: SearchSort;
  page: number;
  pageSize: number;
  /**
   * Also count, for each of these types, the matches its own tab would show (the search page's
   * type facet): `SearchResult.typeTotals`, answered in the same call as the page.
   */
  typeTotals?: readonly DocType[];
  /** Report hits also carry the page that best holds the words (`SearchHit.pageHit`, as `pageHits`). */
  pageHits?: boolean;
};

export type SearchHit = {
  id: string;
  type: DocType;
  /** The spec `_index` (`{product}_report`, `mockup_open_screen`, …). */
  index: string;
  /** Relevance (higher is better) when sorted by relevance with a keyword; otherwise null. */
  score: number | null;
  publishedAt: Date;
  /**
   * Null when the query had no terms to highlight (browsing), so a list page never reads
   * bodies. Otherwise the HTML-escaped title and ~120 characters of body around the first
   * match, matched terms in `<em>`.
   */
  highlight: { title: string; snippet: string } | null;
  /** With `SearchQuery.pageHits`: a report's best page for the keyword, when one holds it. */
  pageHit?: PageHit;
};

export type SearchResult = {
  hits: SearchHit[];
  /** Matches counted up to TOTAL_HITS_CAP (Elasticsearch `track_total_hits` style). */
  total: number;
  /** 'eq' when `total` is exact, 'gte' when counting stopped at the cap. */
  totalRelation: 'eq' | 'gte';
  /** True when no document held every word and the hits match any word instead. */
  fallback: boolean;
  /** The page and page size actually used after clamping. */
  page: number;
  pageSize: number;
  /** With `SearchQuery.typeTotals`: each asked type's total, as its own tab counts it. */
  typeTotals?: Partial<Record<DocType, number>>;
};

export type PageHitsQuery = {
  keyword: string;
  docIds: readonly string[];
  /** The synonym groups the search itself applied (SearchQuery.synonyms). */
  synonyms?: SynonymTable | undefined;
};

/** Which documents a keyword matches, as a search of `types` would (SearchIndex.matchIds). */
export type MatchIdsQuery = {
  keyword: string;
  synonyms?: SynonymTable | undefined;
  /** Required: a filter over ids is for a small type (reports number thousands, headlines millions). */
  types: readonly DocType[];
};

/** Every match's id, unordered, and whether they match only some of the words (`SearchResult.fallback`). */
export type MatchIds = { ids: string[]; fallback: boolean };

/** The newest matches of a keyword (SearchIndex.newestMatches): the stage a search of `types` would use. */
export type NewestMatchesQuery = MatchIdsQuery & {
  /** At most this many, newest first (clamped to 1–MAX_OFFSET + MAX_PAGE_SIZE). */
  limit: number;
};

/** Newest first in publish order; `fallback` as in MatchIds (the words matched only some of them). */
export type NewestMatches = { matches: { id: string; publishedAt: Date }[]; fallback: boolean };

/** Documents to test against a keyword (SearchIndex.matchesAmong) or to show as its hits (hitsOf). */
export type HitsOfQuery = {
  keyword: string;
  synonyms?: SynonymTable | undefined;
  ids: readonly string[];
};

/** One search index; SQLite FTS5 and PostgreSQL tsvector implementations share it. */
export type SearchIndex = {
  /** Segments (on the calling thread) and writes; replaces documents with the same id. */
  upsert(docs: readonly SearchDoc[]): Promise<void>;
  /** Writes documents segmented elsewhere (`prepareDoc` in worker threads). */
  upsertPrepared(docs: readonly PreparedDoc[]): Promise<void>;
  /**
   * Registers the user words this thread loaded and loads those registered elsewhere; answers
   * the stamp (`PreparedDoc.dictId`) for documents segmented with the same words from now on
   * (word-stamps.ts). `upsert` does this itself.
   */
  syncWords(): Promise<number>;
  /**
   * One step of the re-stamp pass (word-restamp.ts) from publish order `after` (0: the start):
   * documents whose text may hold a word registered after their stamp are queued in
   * `search_rebuild`, the others get the current stamp. Call again with `next` until it is null,
   * then write the queued documents again (modules/search/search-rebuild.ts).
   */
  restampWords(after: number): Promise<RestampStep>;
  remove(ids: readonly string[]): Promise<void>;
  setHot(id: string, score: number): Promise<void>;
  search(query: SearchQuery): Promise<SearchResult>;
  /**
   * For each of `docIds` that has pages, the page that best holds the keyword's words (every
   * word if one page holds them all, else the most), by document id. Words found only on a
   * cover or contents page give no page hit: opening the report there would show nothing new.
   */
  pageHits(query: PageHitsQuery): Promise<Map<string, PageHit>>;
  /**
   * The ids of every document of `types` the keyword matches — the same stage (words as
   * typed, every word, any word) as the search of those types — with no paging bound: what
   * report facets and filtered report lists count over (issue 19). Ids only, for types of
   * thousands of documents; a search of millions must page.
   */
  matchIds(query: MatchIdsQuery): Promise<MatchIds>;
  /**
   * The newest `limit` matches of the keyword in `types`, with their publish times, newest
   * first: what a list merged from several keywords (商业头条) walks, without counting or
   * highlighting every match as paging through `search` would.
   */
  newestMatches(query: NewestMatchesQuery): Promise<NewestMatches>;
  /**
   * These documents as hits of the keyword, in the order asked (documents no longer indexed
   * left out): highlighted as a search of the keyword highlights, `score` null. For a page
   * picked from `newestMatches`.
   */
  hitsOf(query: HitsOfQuery): Promise<SearchHit[]>;
  /**
   * Which of `ids` the keyword matches, in the stage its search would answer with (the first
   * that finds anything in any type; `fallback` when that is its any-word stage): a reader's
   * hidden keyword or narrowing text tested against the headlines already picked, exactly,
   * however many other documents the keyword matches. Each id is a seek, not a walk.
   */
  matchesAmong(query: HitsOfQuery): Promise<MatchIds>;
  count(): Promise<number>;
  /**
   * Finishes the index work a bulk load left for later (SQLite: fills search_recent_fts, see
   * sqlite-recent-table.ts); searches are right without it, only slower at scale. Optional.
   */
  settle?(): Promise<void>;
  /** Stops reader threads; the caller owns and closes the database itself. */
  close(): Promise<void>;
};
