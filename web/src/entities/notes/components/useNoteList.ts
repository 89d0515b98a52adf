import { useCallback, useEffect, useRef, useState } from 'react';
import type { TNote } from '@portal/contract';
import { fetchNotes, type TNoteItem } from '../api.ts';
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

/**
 * Notes loaded a page (8) at a time, newest first; on one item when `item` is given. A failed
 * page leaves what was loaded and shows the end state (spec §4 "A failed paging request …").
 */
export function useNoteList(item?: TNoteItem, keyword = ''): TNoteList {
  const [notes, setNotesState] = useState<TNote[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const itemKey = item ? `${item.index}:${item.id}` : '';
  const itemRef = useRef(item);
  itemRef.current = item;
  const keywordRef = useRef(keyword);
  keywordRef.current = keyword;
  // A highlight made in the reader (or a change elsewhere) reloads the list from its first page.
  const [version, setVersion] = useState(0);
  useNotesChanged(
    item,
    useCallback(() => setVersion((v) => v + 1), []),
  );

  const load = useCallback((next: number, signal?: AbortSignal) => {
    setLoading(true);
    fetchNotes(next, itemRef.current, signal, undefined, keywordRef.current).then(
      (reply) => {
        setNotesState((list) =>
          next === 1 ? reply.data : [...list, ...reply.data.filter((n) => !list.some((m) => m.id === n.id))],
        );
        setTotal(reply.total_size);
        setPage(next);
        setLoading(false);
      },
      () => {
        if (signal?.aborted) {
          return;
        }
        setFailed(true);
        setLoading(false);
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    load(1, controller.signal);
    return () => controller.abort();
  }, [itemKey, keyword, version, load]);

  return {
    notes,
    total,
    loading,
    failed,
    done: !loading && (failed || notes.length >= total),
    loadMore: () => {
      if (!loading && !failed && notes.length < total) {
        load(page + 1);
      }
    },
    setNotes: (update, totalChange = 0) => {
      setNotesState(update);
      setTotal((n) => Math.max(0, n + totalChange));
    },
  };
}
