/**
 * Chinese full-text search: jieba segmentation, one index over every content type, on
 * SQLite FTS5 or PostgreSQL tsvector + GIN. See README.md in this folder.
 */
export { DOC_TYPES, indexNameOf, isDocType } from './search.types.ts';
export type {
  DocType,
  PreparedDoc,
  SearchDoc,
  SearchHit,
  SearchIndex,
  SearchQuery,
  SearchResult,
  SearchSort,
} from './search.types.ts';
export {
  indexTokens,
  loadedUserWords,
  loadUserWords,
  queryTerms,
  queryTokens,
  type QueryTerm,
} from './segmenter.ts';
export {
  searchedSynonyms,
  simplified,
  synonymKey,
  synonymTable,
  withSynonyms,
  type SynonymTable,
} from './synonyms.ts';
export { hotScore, type HotInputs } from './hot-score.ts';
export { prepareDoc } from './prepare-doc.ts';
export { DEFAULT_PAGE_SIZE, MAX_OFFSET, MAX_PAGE_SIZE, TOTAL_HITS_CAP } from './search-plan.ts';
export { createSearchSchema, dropSearchSchema, type SearchDialect } from './search.schema.ts';
export { createSqliteSearchIndex, type SqliteSearchOptions } from './sqlite-search-index.ts';
export { createPgSearchIndex, type PgSearchOptions } from './pg-search-index.ts';
