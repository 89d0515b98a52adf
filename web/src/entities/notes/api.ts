import type {
  THighlightColor,
  TNoteCreateReply,
  TNoteDrawReply,
  TNoteItemsReply,
  TNoteListReply,
  TNoteUpdateReply,
} from '@portal/contract';
import { NOTE_PAGE_SIZE } from '@portal/contract';
import { api } from '../../api/client.ts';

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
  return api.get<TNoteListReply>(
    '/api/user/note/list',
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
  return api.post<TNoteCreateReply>('/api/user/note/create', {
    content,
    url,
    data_id: item.id,
    data_type: item.index,
    ...(page !== null ? { page } : {}),
  });
}

export function updateNote(id: number, content: string, color?: THighlightColor): Promise<TNoteUpdateReply> {
  return api.post<TNoteUpdateReply>('/api/user/note/update', { id, content, ...(color ? { color } : {}) });
}

/** The items the user has notes on (the /notes filter). */
export function fetchNoteItems(signal?: AbortSignal): Promise<TNoteItemsReply> {
  return api.get<TNoteItemsReply>('/api/user/note/items', {}, { signal });
}

export function deleteNote(id: number): Promise<null> {
  return api.post<null>('/api/user/note/delete', { id });
}

/** The panel's saved state on the item: 1 open, 2 closed. Failures fall back to open, quietly. */
export function fetchPanelStatus(item: TNoteItem, signal?: AbortSignal): Promise<TNoteDrawReply> {
  return api.get<TNoteDrawReply>(
    '/api/user/note/draw',
    { data_id: item.id, type: item.index },
    { signal, notify: false },
  );
}

export function savePanelStatus(item: TNoteItem, status: number): Promise<TNoteDrawReply> {
  return api.post<TNoteDrawReply>(
    '/api/user/note/draw/update',
    { data_id: item.id, type: item.index, status },
    { notify: false },
  );
}
