import type { SearchIndex, SearchQuery } from '../../server/src/search/search.types.ts';

/** One database under test. */
export type BenchTarget = {
  name: string;
  index: SearchIndex;
  /** Maintenance after a bulk load (FTS5 optimize, VACUUM ANALYZE), timed separately. */
  afterBuild(): Promise<{ label: string; seconds: number }>;
  sizes(): Promise<{ index: number; total: number; note: string }>;
  /** Exact number of documents holding `word` (untimed, for the report). */
  exactCount(word: string): Promise<number>;
  /** The LIKE-scan baseline for the same request. */
  naive(query: SearchQuery): Promise<void>;
  dispose(keep: boolean): Promise<void>;
};
