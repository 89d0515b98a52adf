import { useCallback, useEffect, useRef, useState } from 'react';
import type { TNewHotSort, TSearchHit } from '@portal/contract';
import { HEADLINE_PAGE_SIZE, shouldShowHeadlineLoadMore } from '@portal/contract';
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
 * load-more. A failed further page goes back one page and shows the end state (spec §4).
 */
export function useHeadlineList(
  psort: TNewHotSort,
  excluded: readonly string[],
  reloadKey: number,
  keyword = '',
) {
  const [state, setState] = useState<THeadlineListState>({
    items: [],
    total: 0,
    status: 'loading',
    loadingMore: false,
    canLoadMore: false,
  });
  const page = useRef(1);
  const excludedKey = excluded.join('\n');
  const request = useRef({ psort, excluded, keyword });
  request.current = { psort, excluded, keyword };

  useEffect(() => {
    const controller = new AbortController();
    page.current = 1;
    setState((s) => ({ ...s, status: 'loading', loadingMore: false }));
    fetchHeadlines(
      {
        tn: 'business',
        page: 1,
        page_size: HEADLINE_PAGE_SIZE,
        psort,
        subscribe_keyword: excludedKey === '' ? [] : excludedKey.split('\n'),
        ...(keyword === '' ? {} : { keyword }),
      },
      controller.signal,
    )
      .then((reply) =>
        setState({
          items: reply.data,
          total: reply.total.value,
          status: 'ready',
          loadingMore: false,
          canLoadMore: shouldShowHeadlineLoadMore(reply.data.length, reply.data.length, reply.total.value),
        }),
      )
      .catch(() => {
        if (!controller.signal.aborted) {
          setState({ items: [], total: 0, status: 'error', loadingMore: false, canLoadMore: false });
        }
      });
    return () => controller.abort();
  }, [psort, excludedKey, reloadKey, keyword]);

  const loadMore = useCallback(() => {
    const next = page.current + 1;
    page.current = next;
    setState((s) => ({ ...s, loadingMore: true }));
    const { psort: sort, excluded: hidden, keyword: narrow } = request.current;
    fetchHeadlines({
      tn: 'business',
      page: next,
      page_size: HEADLINE_PAGE_SIZE,
      psort: sort,
      subscribe_keyword: [...hidden],
      ...(narrow === '' ? {} : { keyword: narrow }),
    })
      .then((reply) =>
        setState((s) => {
          const items = [...s.items, ...reply.data];
          return {
            items,
            total: reply.total.value,
            status: 'ready',
            loadingMore: false,
            canLoadMore: shouldShowHeadlineLoadMore(reply.data.length, items.length, reply.total.value),
          };
        }),
      )
      .catch(() => {
        page.current = next - 1;
        setState((s) => ({ ...s, loadingMore: false, canLoadMore: false }));
      });
  }, []);

  return { ...state, loadMore };
}
