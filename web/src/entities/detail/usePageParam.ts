import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/**
 * `?page=N` on a detail page (issue 21): a page link, 跳转到第 N 页 from a note, a search hit on a
 * page. `raw` is the value as given (clamp it to the document with `requestedPage`); `key`
 * changes on every navigation, so asking for the same page again jumps again.
 */
export const PAGE_PARAM = 'page';

export function usePageParam() {
  const [search, setSearch] = useSearchParams();
  const { key } = useLocation();
  const raw = search.get(PAGE_PARAM);

  const open = useCallback(
    (page: number) =>
      setSearch((params) => {
        const next = new URLSearchParams(params);
        next.set(PAGE_PARAM, String(page));
        return next;
      }),
    [setSearch],
  );

  /** Forgets the page (the reader closed): replaces the entry, so back does not reopen it. */
  const clear = useCallback(
    () =>
      setSearch(
        (params) => {
          const next = new URLSearchParams(params);
          next.delete(PAGE_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );

  return { raw, key, open, clear };
}

/** `path` (which may hold a query) opening at `page`. */
export function pagePath(path: string, page: number): string {
  const url = new URL(path, 'http://portal.invalid');
  url.searchParams.set(PAGE_PARAM, String(page));
  return `${url.pathname}${url.search}`;
}

/** The report page link the spec names: `/report/report_details/{id}?page=N`. */
export function reportPagePath(id: string, page: number): string {
  return pagePath(`/report/report_details/${encodeURIComponent(id)}`, page);
}
