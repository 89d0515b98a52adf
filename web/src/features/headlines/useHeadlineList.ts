import { useInfiniteQuery } from '@tanstack/react-query';
import type { TNewHotSort, TSearchHit } from '@portal/contract';
import { headlineListQueryKey, headlineListRequest, shouldShowHeadlineLoadMore } from '@portal/contract';
import { fetchHeadlines } from '../../entities/subscriptions/api.ts';

export type THeadlineListState = {
  items: TSearchHit[];
  total: number;
  status: 'loading' | 'error' | 'ready';
  loadingMore: boolean;
  /** The load-more button shows only when the last page was full and the total is not reached. */
  canLoadMore: boolean;
};

/**
 * The /headlines list: page 1 again whenever the sort, the exclusion list (hidden keywords) or
 * the `keyword` narrowing it (the digest's 查看全部 link) changes, then one more page per
 * load-more. A failed further page keeps the pages shown and ends the list (spec §4). Each visit
 * starts from the server's list (nothing kept once the page is left: `gcTime` 0), as the keyword
 * toggles on this page and the subscription settings elsewhere change what it holds.
 */
export function useHeadlineList(
  psort: TNewHotSort,
  excluded: readonly string[],
  reloadKey: number,
  keyword = '',
): THeadlineListState & { loadMore: () => void } {
  const query = useInfiniteQuery({
    // The key is the contract's: a full page load finds page 1 in the HTML under it (first-data.ts).
    queryKey: headlineListQueryKey(psort, excluded, keyword, reloadKey),
    queryFn: ({ pageParam, signal }) =>
      fetchHeadlines(headlineListRequest(psort, excluded, keyword, pageParam), signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastPage) =>
      shouldShowHeadlineLoadMore(
        last.data.length,
        pages.reduce((n, p) => n + p.data.length, 0),
        last.total.value,
      )
        ? lastPage + 1
        : undefined,
    gcTime: 0,
    retry: false,
  });

  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((p) => p.data);
  return {
    items,
    total: pages.at(-1)?.total.value ?? 0,
    status: query.isPending ? 'loading' : query.isError && pages.length === 0 ? 'error' : 'ready',
    loadingMore: query.isFetchingNextPage,
    canLoadMore: query.hasNextPage && !query.isFetchNextPageError,
    loadMore: () => void query.fetchNextPage(),
  };
}
