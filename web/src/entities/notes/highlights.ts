import { useCallback, useEffect } from 'react';
import type { THighlightColor, TNote, TNoteCreateReply } from '@portal/contract';
import { notesApi } from '@portal/contract';
import type { TPageMark, TPdfSelection } from '../../components/pdf-reader/selection.ts';
import { call } from '../../api/client.ts';
import { useFreshQuery } from '../../api/useFreshQuery.ts';
import { fetchNotes, noteKeys, type TNoteItem } from './api.ts';

/**
 * Highlights and page-anchored notes (issue 21). The reader, the note panel and /notes each
 * hold their own list; a change in one is announced on the window so the others reload.
 */
const NOTES_CHANGED = 'portal:notes-changed';

export function announceNotesChanged(item?: TNoteItem): void {
  window.dispatchEvent(new CustomEvent<TNoteItem | undefined>(NOTES_CHANGED, { detail: item }));
}

/** Calls `reload` when notes of `item` (or of any item, when none is given) change elsewhere. */
export function useNotesChanged(item: TNoteItem | undefined, reload: () => void): void {
  const key = item ? `${item.index}:${item.id}` : '';
  useEffect(() => {
    const listener = (event: Event) => {
      const changed = (event as CustomEvent<TNoteItem | undefined>).detail;
      if (!key || !changed || `${changed.index}:${changed.id}` === key) {
        reload();
      }
    };
    window.addEventListener(NOTES_CHANGED, listener);
    return () => window.removeEventListener(NOTES_CHANGED, listener);
  }, [key, reload]);
}

export function createHighlight(
  item: TNoteItem,
  selection: TPdfSelection,
  color: THighlightColor,
  content: string,
  url: string,
): Promise<TNoteCreateReply> {
  return call(notesApi.create, {
    data_id: item.id,
    data_type: item.index,
    content,
    url,
    page: selection.page,
    highlight: { color, quote: selection.quote, anchor: selection.anchor },
  });
}

/** Every note of the item, 50 a page (a report's highlights are read whole to draw them). */
async function fetchAllNotes(item: TNoteItem, signal: AbortSignal): Promise<TNote[]> {
  const all: TNote[] = [];
  for (let page = 1; ; page++) {
    const reply = await fetchNotes(page, item, signal, 50);
    all.push(...reply.data);
    if (reply.data.length === 0 || all.length >= reply.total_size) {
      return all;
    }
  }
}

/** A highlight that still fits its page, as the reader draws it. */
export function markOf(note: TNote): TPageMark | null {
  if (!note.highlight || note.page === null || !note.placed) {
    return null;
  }
  return {
    id: note.id,
    page: note.page,
    color: note.highlight.color,
    rects: note.highlight.anchor.rects,
    title: note.content || note.highlight.quote,
  };
}

/** One empty list while none are loaded: the reader redraws when the list changes identity. */
const NO_MARKS: readonly TPageMark[] = [];

/** The item's highlights for the reader, and a way to add one (false when the save failed). */
export function useHighlights(item: TNoteItem) {
  const { data: marks = NO_MARKS, refetch } = useFreshQuery({
    queryKey: noteKeys.marks(item),
    queryFn: async ({ signal }) => (await fetchAllNotes(item, signal)).flatMap((n) => markOf(n) ?? []),
  });
  useNotesChanged(
    item,
    useCallback(() => void refetch(), [refetch]),
  );

  const add = useCallback(
    async (
      selection: TPdfSelection,
      color: THighlightColor,
      content: string,
      url: string,
    ): Promise<boolean> => {
      try {
        await createHighlight(item, selection, color, content, url);
      } catch {
        return false; // The client has shown the server's message.
      }
      announceNotesChanged(item);
      return true;
    },
    [item],
  );
  return { marks, add };
}
