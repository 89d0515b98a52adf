import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TFavoriteTab, TPagedList } from '@portal/contract';
import {
  fetchCollectionTabs,
  fetchCounts,
  fetchFavoriteItems,
  fetchFolderItems,
  fetchFolders,
  favoriteKeys,
} from '../../entities/favorites/api.ts';

/** The next page to ask for, or undefined once every item is loaded or a page came back empty. */
function nextPage(
  last: TPagedList<unknown>,
  pages: readonly TPagedList<unknown>[],
  lastPage: number,
): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.data.length, 0);
  return last.data.length === 0 || loaded >= last.total_size ? undefined : lastPage + 1;
}

export function useCollectionTabs() {
  return useQuery({
    queryKey: favoriteKeys.tabs(),
    queryFn: ({ signal }) => fetchCollectionTabs(signal),
    staleTime: 300_000,
  });
}

export function useFavoriteCounts() {
  return useQuery({ queryKey: favoriteKeys.counts(), queryFn: ({ signal }) => fetchCounts(signal) });
}

export function useFolders() {
  return useQuery({
    queryKey: favoriteKeys.folders(),
    queryFn: ({ signal }) => fetchFolders(undefined, signal),
  });
}

/** Favourited items of one kind, page by page. */
export function useFavoriteItems(tn: TFavoriteTab, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: favoriteKeys.tab(tn),
    queryFn: ({ pageParam, signal }) => fetchFavoriteItems(tn, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
  });
}

/** One folder's items page by page; the first page also carries the folder. */
export function useFolderItems(id: string) {
  return useInfiniteQuery({
    queryKey: favoriteKeys.folder(id),
    queryFn: ({ pageParam, signal }) => fetchFolderItems(id, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    retry: false,
  });
}
