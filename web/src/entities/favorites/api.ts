import type {
  TFavoriteCounts,
  TFavoriteItemsReply,
  TFavoriteTab,
  TFavoriteToggleReply,
  TFolder,
  TFolderCreateRequest,
  TFolderItemsReply,
  TFolderListReply,
  TSearchTab,
} from '@portal/contract';
import {
  FAVORITE_PAGE_SIZE,
  FOLDER_LIST_PAGE_SIZE,
  favoritesApi,
  folderItemsQueryKey,
  searchApi,
} from '@portal/contract';
import { call } from '../../api/client.ts';

/**
 * Favourite calls (spec §7 "Favourites"). Plain functions rather than TanStack mutations: the
 * dialog ships in its own lazy chunk and the detail screens stay light.
 */
export const favoriteKeys = {
  all: ['favorites'] as const,
  folders: () => [...favoriteKeys.all, 'folders'] as const,
  counts: () => [...favoriteKeys.all, 'counts'] as const,
  tabs: () => [...favoriteKeys.all, 'tabs'] as const,
  tab: (tn: TFavoriteTab) => [...favoriteKeys.all, 'tab', tn] as const,
  /** Also the key of the first page the server writes into a folder's HTML (contract first-data.ts). */
  folder: folderItemsQueryKey,
  /**
   * The collect dialog's folders for one item. Outside `all` on purpose: a change in the dialog
   * invalidates `all` (lists, counts), and the dialog keeps its own copy up to date instead.
   */
  dialog: (item: { id: string; index: string }) => ['favorite-dialog', item.index, item.id] as const,
};

/** The user's folders; with an item, each says whether it holds that item (`is_favorite`). */
export function fetchFolders(
  item?: { id: string; index: string },
  signal?: AbortSignal,
): Promise<TFolderListReply> {
  return call(
    favoritesApi.folders,
    {
      tn: 'all',
      page: 1,
      page_size: FOLDER_LIST_PAGE_SIZE,
      ...(item ? { data_id: item.id, data_type: item.index } : {}),
    },
    { signal },
  );
}

/** Favourited items of one kind across folders. */
export function fetchFavoriteItems(
  tn: TFavoriteTab,
  page: number,
  signal?: AbortSignal,
): Promise<TFavoriteItemsReply> {
  return call(favoritesApi.items, { tn, page, page_size: FAVORITE_PAGE_SIZE }, { signal });
}

/** One folder and a page of its items. Failures are not toasted: the page turns them into a state. */
export function fetchFolderItems(id: string, page: number, signal?: AbortSignal): Promise<TFolderItemsReply> {
  return call(
    favoritesApi.folderItems,
    { favorite_id: id, page, page_size: FAVORITE_PAGE_SIZE },
    { signal, notify: false },
  );
}

export function fetchCounts(signal?: AbortSignal): Promise<TFavoriteCounts> {
  return call(favoritesApi.counts, undefined, { signal });
}

/** The tabs the collection screen may show (spec: a tab appears only if this list has it). */
export function fetchCollectionTabs(signal?: AbortSignal): Promise<TSearchTab[]> {
  return call(searchApi.tabs, { pagetype: 'collection' }, { signal });
}

export function createFolder(form: TFolderCreateRequest): Promise<TFolder> {
  return call(favoritesApi.create, form);
}

export function updateFolder(id: number, form: TFolderCreateRequest): Promise<TFolder> {
  return call(favoritesApi.update, { id, ...form });
}

export function deleteFolder(id: number): Promise<null> {
  return call(favoritesApi.remove, { id });
}

/** Puts an item into (1) or takes it out of (0) one folder. */
export function setFavorite(
  folderId: number,
  item: { id: string; index: string },
  status: 0 | 1,
): Promise<TFavoriteToggleReply> {
  return call(favoritesApi.toggle, {
    favorite_id: folderId,
    data_id: item.id,
    data_type: item.index,
    status,
  });
}
