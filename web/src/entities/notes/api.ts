import type {
  THighlightColor,
  TNoteCreateReply,
  TNoteDrawReply,
  TNoteItemsReply,
  TNoteListReply,
  TNoteUpdateReply,
} from '@portal/contract';
import { NOTE_PAGE_SIZE, notesApi } from '@portal/contract';
import { call } from '../../api/client.ts';

/** Notes calls (spec §7 "Notes"); an item is `{id, index}` as on its detail page. */
export type TNoteItem = { id: string; index: string };

export const noteKeys = {
  all: ['notes'] as const,
  mine: () => [...noteKeys.all, 'mine'] as const,
  /** An item's highlights as the reader draws them. */
  marks: (item: TNoteItem) => [...noteKeys.all, 'marks', item.index, item.id] as const,
  /** Whether an item's note panel was left open. */
  panel: (item: TNoteItem) => [...noteKeys.all, 'panel', item.index, item.id] as const,
};

/** A page of the user's notes (on one item when given), newest first. */
export function fetchNotes(
  page: number,
  item?: TNoteItem,
  signal?: AbortSignal,
  pageSize: number = NOTE_PAGE_SIZE,
  keyword = '',
): Promise<TNoteListReply> {
  return call(
    notesApi.list,
    {
      page,
      page_size: pageSize,
      ...(item ? { data_id: item.id, data_type: item.index } : {}),
      ...(keyword ? { keyword } : {}),
    },
    { signal },
  );
}

/** A note on the item; `page` anchors it to a page of a report (a phone's page note). */
export function createNote(
  item: TNoteItem,
  content: string,
  url: string,
  page: number | null = null,
): Promise<TNoteCreateReply> {
  return call(notesApi.create, {
    content,
    url,
    data_id: item.id,
    data_type: item.index,
    ...(page !== null ? { page } : {}),
  });
}

export function updateNote(id: number, content: string, color?: THighlightColor): Promise<TNoteUpdateReply> {
  return call(notesApi.update, { id, content, ...(color ? { color } : {}) });
}

/** The items the user has notes on (the /notes filter). */
export function fetchNoteItems(signal?: AbortSignal): Promise<TNoteItemsReply> {
  return call(notesApi.items, undefined, { signal });
}

export function deleteNote(id: number): Promise<null> {
  return call(notesApi.remove, { id });
}

/** The panel's saved state on the item: 1 open, 2 closed. Failures fall back to open, quietly. */
export function fetchPanelStatus(item: TNoteItem, signal?: AbortSignal): Promise<TNoteDrawReply> {
  return call(notesApi.panel, { data_id: item.id, type: item.index }, { signal, notify: false });
}

export function savePanelStatus(item: TNoteItem, status: number): Promise<TNoteDrawReply> {
  return call(notesApi.setPanel, { data_id: item.id, type: item.index, status }, { notify: false });
}
