import { keepPreviousData, useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { TNote, TNoteListReply } from '@portal/contract';
import { fetchNotes, noteKeys, type TNoteItem } from '../api.ts';
import { useNotesChanged } from '../highlights.ts';

export type TNoteList = {
  notes: TNote[];
  total: number;
  loading: boolean;
  failed: boolean;
  /** Every note is loaded (the 没有更多了 state). */
  done: boolean;
  loadMore: () => void;
  setNotes: (update: (notes: TNote[]) => TNote[], totalChange?: number) => void;
};

/** One list: the user's notes, or one item's, narrowed by a keyword; `version` counts reloads. */
const listKey = (itemKey: string, keyword: string, version: number) =>
  [...noteKeys.all, 'list', itemKey, keyword, version] as const;

/** The loaded pages as one list: a note created since page 1 shifts later pages, so ids repeat. */
function flatten(pages: readonly TNoteListReply[]): TNote[] {
  const seen = new Set<number>();
  return pages.flatMap((page) => page.data.filter((note) => !seen.has(note.id) && seen.add(note.id)));
}

/**
 * Notes loaded a page (8) at a time, newest first; on one item when `item` is given. A failed
 * page leaves what was loaded and shows the end state (spec §4 "A failed paging request …").
 * A note saved, edited or deleted here changes the cached list in place (`setNotes`), or reloads
 * it if a page is still loading; a change
 * made elsewhere (a highlight in the reader) reloads it from page 1. Each mount starts from the
 * server (`gcTime` 0): the reader and /notes change notes behind this list's back.
 */
export function useNoteList(item?: TNoteItem, keyword = ''): TNoteList {
  const queryClient = useQueryClient();
  const itemKey = item ? `${item.index}:${item.id}` : '';
  const [version, setVersion] = useState(0);
  useNotesChanged(
    item,
    useCallback(() => setVersion((v) => v + 1), []),
  );
  const key = listKey(itemKey, keyword, version);
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => fetchNotes(pageParam, item, signal, undefined, keyword),
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastPage) =>
      flatten(pages).length < last.total_size ? lastPage + 1 : undefined,
    gcTime: 0,
    retry: false,
    // A reload (another keyword, a change elsewhere) shows the list it replaces until it arrives.
    placeholderData: keepPreviousData,
  });

  const pages = query.data?.pages ?? [];
  const notes = flatten(pages);
  const total = pages.at(-1)?.total_size ?? 0;
  const loading = query.isPending || query.isPlaceholderData || query.isFetchingNextPage;
  const failed = query.isError;
  return {
    notes,
    total,
    loading,
    failed,
    done: !loading && (failed || notes.length >= total),
    loadMore: () => {
      if (!loading && !failed && query.hasNextPage) {
        void query.fetchNextPage();
      }
    },
    setNotes: (update, totalChange = 0) => {
      // A page still on its way was asked before this change and may not hold it (a note saved
      // while the panel's first page loads on a slow line stayed missing until a reload): drop
      // that request and ask again. (Invalidating alone would join a first load in flight.)
      const state = queryClient.getQueryState(key);
      if (state?.data === undefined || state.fetchStatus === 'fetching') {
        const filters = { queryKey: key, exact: true };
        void queryClient.cancelQueries(filters).then(() => queryClient.invalidateQueries(filters));
        return;
      }
      // The edited list becomes the one page loaded so far; the next page number stays.
      queryClient.setQueryData<InfiniteData<TNoteListReply, number>>(key, (data) => {
        if (!data) {
          return data;
        }
        const last = data.pages.at(-1);
        const lastPage = data.pageParams.at(-1) ?? 1;
        return {
          pages: [
            {
              ...last,
              data: update(flatten(data.pages)),
              total_size: Math.max(0, (last?.total_size ?? 0) + totalChange),
            },
          ] as TNoteListReply[],
          pageParams: [lastPage],
        };
      });
    },
  };
}
