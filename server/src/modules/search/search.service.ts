import {
  type THitSource,
  type TSearchHit,
  type TSearchQuery,
  type TSearchReply,
  type TSearchTab,
  type ZSearchLabelQuery,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { createReadCache, type Generation } from '../../platform/cache/read-cache.ts';
import type { Clock } from '../../platform/clock.ts';
import { MAX_OFFSET } from '../../search/search-plan.ts';
import {
  DOC_TYPES,
  type DocType,
  type SearchHit,
  type SearchIndex,
  type SearchSort,
} from '../../search/search.types.ts';
import type { ContentCatalogue, ContentRef } from '../content/content.service.ts';
import {
  contentTypeOfIndex,
  indexOfContentType,
  parseSearchDocId,
  searchDocId,
  type ContentType,
} from '../content/content-types.ts';
import { withPageHits } from './search-page-hits.ts';
import { keywordSubsetPage } from './keyword-subset.ts';
import { mixedTypesPage } from './mixed-types.ts';
import type { OrganisationSearch } from './organisation-search.ts';
import { filterReports, hasReportFilters, type ReportFacetRow } from './report-facets.ts';
import { COUNTED_TYPES, reportFiltersOf, searchFacets, wantsTypeFacet } from './search-facets.ts';
import { docTypesOf, PAGE_TABS } from './search-tabs.ts';
import type { SearchMissesRepo } from './search.repo.ts';
import type { ActivityRecorder } from '../analytics/activity-recorder.ts';
import { searchedSynonyms, type SynonymTable } from '../../search/synonyms.ts';
import type { SynonymSource } from './synonym-source.ts';

/** The ids (`searchDocId`) among `refs` the user has favourited; lists show them as favorite_status 1. */
export type FavoritedAmong = (userId: number, refs: readonly ContentRef[]) => Promise<Set<string>>;

export type SearchDeps = {
  index: SearchIndex;
  /** Catalogue reads only: search never writes content. */
  content: ContentCatalogue;
  misses: SearchMissesRepo;
  clock: Clock;
  favoritedAmong?: FavoritedAmong;
  /** Keep list and search pages this long between writes (see `createReadCache`); 0, the default, reads each time. */
  readCache?: { generation: Generation; ttlMs: number };
  /** Counts keyword searches and the ones that found nothing, per day (modules/analytics). */
  activity?: Pick<ActivityRecorder, 'searched'>;
  /** Synonym groups applied to keywords (back-office catalogue); none when absent. */
  synonyms?: SynonymSource;
  /** The search page's 机构 tab; the tab lists nothing without it. */
  organisations?: OrganisationSearch;
  /** Published reports with their industry, publisher and page count: report filters and facets. */
  reportRows?: (now: number) => Promise<ReportFacetRow[]>;
};
export type SearchService = ReturnType<typeof createSearchService>;

/** Recorded misses are cut to this many characters (a 10,000-character paste is one miss). */
const MISS_KEYWORD_CHARS = 100;
/** Pages kept by the read cache: the home lists, tabs and popular searches. */
const PAGE_CACHE_ENTRIES = 1000;
/** Searches one recommendation may run. */
const RELATED_QUERIES = 5;
/**
 * A report hit's card snippet is its best page's (`page_hit`, issue 19): the engine cuts the
 * snippet at the first match in the body, which for a report is usually the cover or the
 * contents page, while the page index picks the page holding the words best.
 */
function pageSnippet(hit: TSearchHit): TSearchHit {
  const { page_hit: page, highlight } = hit._source;
  return page && highlight
    ? { ...hit, _source: { ...hit._source, highlight: { ...highlight, content: page.snippet } } }
    : hit;
}

/** A list of reports only (the report page, a 报告 tab): report filters and facets apply. */
function isReportList(q: TSearchQuery, types: readonly DocType[]): boolean {
  return q.tn !== 'company_report' && types.length === 1 && types[0] === 'report';
}

/** Pages whose 全部 list without a keyword mixes the types in turn rather than newest-first overall. */
const MIXED_PAGES: ReadonlySet<string> = new Set(['home', 'recommend', 'resource']);

/** One page of a subset list: index hits (keyword) or ids from SQL (no keyword). */
type SubsetPage =
  | { kind: 'hits'; hits: SearchHit[]; total: number; relation: 'eq'; fallback: boolean }
  | { kind: 'ids'; ids: number[]; total: number; relation: 'eq'; fallback: false };

/**
 * The items of a subset the index cannot filter by (a company's reports, an analysis category,
 * the videos of a length range).
 */
type Subset = { type: ContentType; items: readonly { id: number; publishedAt: number; hot: number }[] };

/**
 * POST /api/search and GET /api/search/label. Tabs become document types; the company tab
 * filters by the organisation's reports, which the index does not know about (see
 * `companyReports`). `recommend` sorts as `hot` until there is a recommender.
 */
export function createSearchService({
  index,
  content,
  misses,
  clock,
  favoritedAmong = () => Promise.resolve(new Set<string>()),
  readCache,
  activity,
  synonyms,
  organisations,
  reportRows,
}: SearchDeps) {
  // Pages are the same for everyone; each user's favourites are marked on the way out. Counts
  // (views, favourites) reorder 最热 without emptying them: a page lives out its time to live,
  // on the app's clock.
  const pages =
    readCache && readCache.ttlMs > 0
      ? createReadCache<TSearchReply>({
          ...readCache,
          max: PAGE_CACHE_ENTRIES,
          now: () => clock.now().getTime(),
        })
      : null;

  function engineSort(q: TSearchQuery, hasKeyword: boolean): SearchSort {
    if (q.psort === 'new') {
      return 'new';
    }
    // 推荐 is the search page's first sort: with a keyword it is relevance (best matches first),
    // on a list without one the hottest items until there is a recommender.
    if (q.psort === 'hot' || (q.psort === 'recommend' && !hasKeyword)) {
      return 'hot';
    }
    return hasKeyword ? 'relevance' : 'new';
  }

  /**
   * One page of a subset the index has no filter for: a company's reports, an analysis
   * category or the videos of a length range. Without a keyword the items come from SQL,
   * sorted by publish time or hot score (fine for the hundreds one subset holds). With one, the
   * engine's ids of the type's matches give the exact total and the engine's hits their order
   * (keyword-subset.ts).
   */
  async function subsetPage(
    q: TSearchQuery,
    subset: Subset,
    hasKeyword: boolean,
    sort: SearchSort,
    table: SynonymTable | undefined,
  ): Promise<SubsetPage> {
    const offset = (q.page - 1) * q.page_size;
    if (!hasKeyword) {
      const ordered = [...subset.items].sort(
        (a, b) => (sort === 'hot' ? b.hot - a.hot : b.publishedAt - a.publishedAt) || b.id - a.id,
      );
      const slice = offset > MAX_OFFSET ? [] : ordered.slice(offset, offset + q.page_size);
      return {
        kind: 'ids',
        ids: slice.map((r) => r.id),
        total: subset.items.length,
        relation: 'eq',
        fallback: false,
      };
    }
    // Exact total over every match (issue 19), ordered and highlighted by the engine's walk.
    const found = await keywordSubsetPage({
      index,
      keyword: q.keyword,
      synonyms: table,
      type: subset.type,
      items: subset.items,
      sort,
      page: q.page,
      pageSize: q.page_size,
    });
    return { kind: 'hits', ...found, relation: 'eq' };
  }

  /** The subset a request lists, if it is one the index cannot filter by. */
  async function subsetOf(q: TSearchQuery, types: readonly DocType[]): Promise<Subset | null> {
    if (q.tn === 'company_report') {
      if (q.id === undefined) {
        throw AppError.badRequest();
      }
      return { type: 'report', items: await content.organisationReports(q.id) };
    }
    if (q.anal_type !== undefined && types.length === 1 && types[0] === 'insight') {
      return { type: 'insight', items: await content.analysesOfCategory(q.anal_type) };
    }
    const filters = reportFiltersOf(q);
    if (reportRows && hasReportFilters(filters) && isReportList(q, types)) {
      const rows = filterReports(await reportRows(clock.now().getTime()), filters);
      return {
        type: 'report',
        items: rows.map((r) => ({ id: r.id, publishedAt: r.publishedAt, hot: r.hot })),
      };
    }
    const hasLengthRange = q.min_length !== undefined || q.max_length !== undefined;
    if (hasLengthRange && types.length === 1 && types[0] === 'material') {
      return { type: 'material', items: await content.materialsOfLength(q.min_length, q.max_length) };
    }
    return null;
  }

  /** The user's favourites among `refs` (none for a visitor). */
  function favoritesOf(userId: number | undefined, refs: readonly ContentRef[]): Promise<Set<string>> {
    return userId === undefined || refs.length === 0
      ? Promise.resolve(new Set())
      : favoritedAmong(userId, refs);
  }

  async function toHits(
    raw: readonly SearchHit[],
    withHighlight: boolean,
    userId?: number,
  ): Promise<TSearchHit[]> {
    const refs = raw.flatMap((h) => {
      const ref = parseSearchDocId(h.id);
      return ref ? [ref] : [];
    });
    const [sources, favorites] = await Promise.all([content.sources(refs), favoritesOf(userId, refs)]);
    return raw.flatMap((h) => {
      const ref = parseSearchDocId(h.id);
      const source = sources.get(h.id);
      // The index can briefly name an item deleted a moment ago: skip it rather than fail.
      if (!ref || !source) {
        return [];
      }
      const highlighted: THitSource =
        withHighlight && h.highlight
          ? { ...source, highlight: { title: h.highlight.title, content: h.highlight.snippet } }
          : source;
      const _source = h.pageHit ? { ...highlighted, page_hit: h.pageHit } : highlighted;
      return [
        { _id: String(ref.id), _index: h.index, _source, favorite_status: favorites.has(h.id) ? 1 : 0 },
      ];
    });
  }

  async function idHits(type: ContentType, ids: readonly number[], userId?: number): Promise<TSearchHit[]> {
    const refs = ids.map((id) => ({ type, id }));
    const [sources, favorites] = await Promise.all([content.sources(refs), favoritesOf(userId, refs)]);
    return ids.flatMap((id) => {
      const docId = searchDocId(type, id);
      const source = sources.get(docId);
      return source
        ? [
            {
              _id: String(id),
              _index: indexOfContentType(type),
              _source: source,
              favorite_status: favorites.has(docId) ? 1 : 0,
            },
          ]
        : [];
    });
  }

  /** One page of a list or search as anyone sees it (favorite_status 0 throughout). */
  async function searchPage(q: TSearchQuery): Promise<TSearchReply> {
    const hasKeyword = q.keyword.trim() !== '';
    const sort = engineSort(q, hasKeyword);
    const psort = q.psort ?? (hasKeyword ? 'relevance' : 'new');
    let data: TSearchHit[];
    let total: number;
    let relation: 'eq' | 'gte';
    let fallback: boolean;
    /** Report hits' pages, when the engine answered them with the page (SearchQuery.pageHits). */
    let pagesAnswered = false;
    let typeTotals: Partial<Record<DocType, number>> | undefined;
    const types = q.tn === 'company_report' ? (['report'] as DocType[]) : docTypesOf(q.tn, q.type);
    const subset = await subsetOf(q, types);
    const table = hasKeyword ? await synonyms?.table() : undefined;
    if (q.tn === 'organisation') {
      const found = organisations
        ? await organisations({
            keyword: q.keyword,
            synonyms: table,
            page: q.page,
            pageSize: q.page_size,
            sort: q.psort,
          })
        : { hits: [], total: 0 };
      data = found.hits;
      total = found.total;
      relation = 'eq';
      fallback = false;
    } else if (subset) {
      const page = await subsetPage(q, subset, hasKeyword, sort, table);
      data = page.kind === 'hits' ? await toHits(page.hits, true) : await idHits(subset.type, page.ids);
      ({ total, relation, fallback } = page);
    } else if (types.length === 0) {
      // Company product and about tabs come with organisations (issue 7).
      if (q.id === undefined && q.tn !== 'all') {
        throw AppError.badRequest();
      }
      data = [];
      total = 0;
      relation = 'eq';
      fallback = false;
    } else if (!hasKeyword && MIXED_PAGES.has(q.type) && types.length > 1) {
      // Home's 全部 takes turns among the types (mixed-types.ts): reports on the first screen.
      const mixed = await mixedTypesPage(index, types, sort, q.page, q.page_size);
      data = await toHits(mixed.hits, false);
      ({ total, relation } = mixed);
      fallback = false;
    } else {
      // Every type is no filter at all: the engine then walks its primary key instead of a type match.
      const filter = types.length === DOC_TYPES.length ? undefined : types;
      // The page, its report hits' pages and the type facet's totals in one engine call.
      const result = await index.search({
        keyword: q.keyword,
        synonyms: table,
        types: filter,
        sort,
        page: q.page,
        pageSize: q.page_size,
        pageHits: hasKeyword,
        ...(reportRows && wantsTypeFacet(q) ? { typeTotals: COUNTED_TYPES } : {}),
      });
      data = await toHits(result.hits, hasKeyword);
      ({ total, totalRelation: relation, fallback, typeTotals } = result);
      pagesAnswered = true;
    }
    const alternatives = searchedSynonyms(q.keyword, table);
    if (hasKeyword && !pagesAnswered) {
      data = await withPageHits(index, q.keyword, table, data);
    }
    if (hasKeyword) {
      data = data.map(pageSnippet);
    }
    const facets = reportRows
      ? await searchFacets({
          q,
          reportList: isReportList(q, types),
          index,
          synonyms: table,
          typeTotals,
          rows: () => reportRows(clock.now().getTime()),
        })
      : undefined;
    return {
      data,
      total: { value: total, relation },
      page: q.page,
      page_size: q.page_size,
      psort,
      fallback,
      // The results page says so: 已同时搜索同义词：CATL、300750.
      ...(alternatives.length > 0 ? { synonyms: alternatives } : {}),
      ...(facets ? { facets } : {}),
    };
  }

  /** `reply` with the user's favourites among its hits marked (favorite_status 1). */
  async function withFavorites(reply: TSearchReply, userId: number | undefined): Promise<TSearchReply> {
    const refs = reply.data.flatMap((h) => {
      const type = contentTypeOfIndex(h._index);
      return type ? [{ type, id: Number(h._id) }] : [];
    });
    const favorites = await favoritesOf(userId, refs);
    if (favorites.size === 0) {
      return reply;
    }
    return {
      ...reply,
      data: reply.data.map((h) => {
        const type = contentTypeOfIndex(h._index);
        const favorite = type !== null && favorites.has(searchDocId(type, Number(h._id)));
        return favorite ? { ...h, favorite_status: 1 } : h;
      }),
    };
  }

  return {
    /** Engine hits as list hits (with highlights when asked): for lists built elsewhere, like /headlines. */
    hits: toHits,

    /** One page of a list or search; `userId` marks the user's favourites (favorite_status). */
    async search(q: TSearchQuery, userId?: number): Promise<TSearchReply> {
      const reply = pages ? await pages.get(JSON.stringify(q), () => searchPage(q)) : await searchPage(q);
      if (q.page === 1) {
        await activity?.searched(q.keyword, reply.total.value);
      }
      if (q.keyword.trim() !== '' && reply.total.value === 0 && q.page === 1) {
        // Control characters (NUL above all: PostgreSQL text cannot hold it) are not part of a word.
        // eslint-disable-next-line no-control-regex
        const keyword = q.keyword.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
        if (keyword !== '') {
          await misses.record([...keyword].slice(0, MISS_KEYWORD_CHARS).join(''), clock.now().getTime());
        }
      }
      return withFavorites(reply, userId);
    },

    /**
     * Items related to one (POST /api/recommend), as list hits without highlights: the best
     * matches among items of the same type, never the item itself. `queries` are tried in
     * order (the item's title alone usually matches only the item) until the page is full;
     * at most RELATED_QUERIES of them run.
     */
    async related(q: {
      queries: readonly string[];
      type: ContentType;
      excludeId: number;
      pageSize: number;
      userId?: number;
    }): Promise<TSearchHit[]> {
      const exclude = searchDocId(q.type, q.excludeId);
      const seen = new Set([exclude]);
      const picked: SearchHit[] = [];
      const queries = [...new Set(q.queries.map((k) => k.trim()).filter((k) => k !== ''))].slice(
        0,
        RELATED_QUERIES,
      );
      // Synonym groups widen each query as in search: a CATL story relates to 宁德时代's.
      const table = await synonyms?.table();
      for (const keyword of queries) {
        if (picked.length >= q.pageSize) {
          break;
        }
        const result = await index.search({
          keyword,
          types: [q.type],
          sort: 'relevance',
          page: 1,
          pageSize: q.pageSize + 1,
          ...(table ? { synonyms: table } : {}),
        });
        for (const hit of result.hits) {
          if (seen.has(hit.id) || picked.length >= q.pageSize) {
            continue;
          }
          seen.add(hit.id);
          picked.push(hit);
        }
      }
      return toHits(picked, false, q.userId);
    },

    labels(q: z.output<typeof ZSearchLabelQuery>): TSearchTab[] {
      if (q.pagetype === 'organ' && q.id === undefined) {
        throw AppError.badRequest();
      }
      return PAGE_TABS[q.pagetype];
    },
  };
}
