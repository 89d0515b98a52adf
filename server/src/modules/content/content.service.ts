import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { SearchIndex } from '../../search/search.types.ts';
import { createContentCatalogue, type ContentCatalogue } from './content-catalogue.ts';
import { createContentCounters, type ContentCounters, type ContentCountersDeps } from './content-counters.ts';
import { createContentIngestion, type ContentIngestion } from './content-ingestion.ts';

export type { AnalysisFiles, ContentCatalogue, ContentDetail } from './content-catalogue.ts';
export type { ContentCounters, HotItem } from './content-counters.ts';
export type { ContentIngestion, PreparedHeadline, ReportMeta } from './content-ingestion.ts';
export type { ContentRef } from './content-types.ts';

export type ContentDeps = {
  db: Db;
  storage: Storage;
  search: SearchIndex;
  clock: Clock;
  /** Keep item details and list cards this long between writes (0, the default: read each time). */
  readCacheMs?: number;
} & Pick<ContentCountersDeps, 'countFlushMs' | 'onError' | 'onCount'>;

/**
 * The content module's three parts (issue 17), each in its own file and none importing another's
 * factory: counters and hot scores (`content-counters.ts`) at the bottom, catalogue reads
 * (`content-catalogue.ts`) and ingestion (`content-ingestion.ts`) each given the counters.
 */
export type ContentParts = {
  ingestion: ContentIngestion;
  counters: ContentCounters;
  catalogue: ContentCatalogue;
};

export function createContentParts({
  db,
  storage,
  search,
  clock,
  readCacheMs,
  ...counting
}: ContentDeps): ContentParts {
  const counters = createContentCounters({ db, search, clock, ...counting });
  return {
    counters,
    catalogue: createContentCatalogue({ db, clock, counters, readCacheMs }),
    ingestion: createContentIngestion({ db, storage, search, clock, counters }),
  };
}

/** The three parts as one object, for callers that use all of them (seeding, tests, the app's wiring). */
export type ContentService = ContentIngestion & ContentCounters & ContentCatalogue;

/** One content service over one set of parts: build it once per process and pass it on. */
export function createContentService(deps: ContentDeps): ContentService {
  const { ingestion, counters, catalogue } = createContentParts(deps);
  return { ...ingestion, ...counters, ...catalogue };
}
