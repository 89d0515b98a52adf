import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TFeedKeyParams, TLengthRange, TPageType, TReportFilters, TSearchReply } from '@portal/contract';
import { SEARCH_MAX_PAGE, searchApi, searchFeedQueryKey, searchLabelsQueryKey } from '@portal/contract';
import { call } from '../../api/client.ts';

/** What a content list asks POST /api/search for (declared once in the contract, with its query key). */
export type TFeedParams = TFeedKeyParams;
export type { TLengthRange };

/** The set fields of `filters` (JSON would drop undefined anyway; this keeps the query key lean). */
function definedOnly(filters: TReportFilters): TReportFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
}

/** `source` of POST /api/search from this client (spec §7). */
const SEARCH_SOURCE = 'PC';

/** The keys the server seeds a list screen's first page under (contract first-data.ts). */
export const searchKeys = {
  all: ['search'] as const,
  labels: searchLabelsQueryKey,
  feed: (params: TFeedParams) => searchFeedQueryKey(params),
};

/** The tabs of a page type (GET /api/search/label); they change only with a deploy. */
export function useSearchLabels(pageType: TPageType) {
  return useQuery({
    queryKey: searchKeys.labels(pageType),
    queryFn: ({ signal }) => call(searchApi.tabs, { pagetype: pageType }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The next page to ask for, or undefined when the list has ended: an empty page ends it
 * (spec §4), as does reaching an exact total or the deepest page the server serves.
 */
export function nextSearchPage(
  last: TSearchReply,
  pages: readonly TSearchReply[],
  lastPage: number,
): number | undefined {
  if (last.data.length === 0) {
    return undefined;
  }
  const loaded = pages.reduce((count, page) => count + page.data.length, 0);
  if (last.total.relation === 'eq' && loaded >= last.total.value) {
    return undefined;
  }
  if (lastPage >= SEARCH_MAX_PAGE) {
    return undefined;
  }
  return lastPage + 1;
}

/**
 * One content list, page by page (POST /api/search). Tab, sort, keyword and page size are the
 * query key, so changing any of them starts again from page 1. A failed next page leaves the
 * pages already shown in place; the list then shows its end state.
 */
export function useSearchFeed(params: TFeedParams, enabled = true) {
  return useInfiniteQuery({
    queryKey: searchKeys.feed(params),
    queryFn: ({ pageParam, signal }) =>
      call(
        searchApi.search,
        {
          tn: params.tn,
          keyword: params.keyword,
          type: params.type,
          page: pageParam,
          page_size: params.pageSize,
          source: SEARCH_SOURCE,
          psort: params.psort,
          ...(params.analType ? { anal_type: params.analType } : {}),
          ...(params.lengthRange?.min !== undefined ? { min_length: params.lengthRange.min } : {}),
          ...(params.lengthRange?.max !== undefined ? { max_length: params.lengthRange.max } : {}),
          ...definedOnly(params.filters ?? {}),
        },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastPage) => nextSearchPage(last, pages, lastPage),
    enabled,
  });
}
