import type {
  TFavoriteCounts,
  TFavoriteItemsReply,
  TFavoriteListRequest,
  TFavoriteToggleReply,
  TFavoriteToggleRequest,
  TFolder,
  TFolderCreateRequest,
  TFolderItemsReply,
  TFolderItemsRequest,
  TFolderListReply,
  TFolderUpdateRequest,
} from '../favorites.ts';
import type { ZFavoriteCountQuery, ZFolderIdRequest } from '../favorites.ts';
import type { z } from 'zod';
import { get, post } from './endpoint.ts';

type TFolderId = z.input<typeof ZFolderIdRequest>;

/** Favourite folders (spec §7 "Favourites"). */
export const favoritesApi = {
  /** What the server answers: folders for `tn: 'all'`, items otherwise (`folders`, `items` narrow it). */
  list: post('/api/user/favorite/list')
    .takes<TFavoriteListRequest>()
    .returns<TFolderListReply | TFavoriteItemsReply>(),
  /** `tn: 'all'`: the folders (each says whether it holds `data_id`). */
  folders: post('/api/user/favorite/list').takes<TFavoriteListRequest>().returns<TFolderListReply>(),
  /** `tn` a content tab: favourited items of that kind across folders (same call, another reply). */
  items: post('/api/user/favorite/list').takes<TFavoriteListRequest>().returns<TFavoriteItemsReply>(),
  folderItems: post('/api/user/favorite/list/info').takes<TFolderItemsRequest>().returns<TFolderItemsReply>(),
  /** The spec shows no method for list/info: GET reads the same parameters from the query. */
  folderItemsByQuery: get('/api/user/favorite/list/info')
    .takes<TFolderItemsRequest>()
    .returns<TFolderItemsReply>(),
  counts: get('/api/user/favorite/count')
    .takes<z.input<typeof ZFavoriteCountQuery> | undefined>()
    .returns<TFavoriteCounts>(),
  detail: get('/api/user/favorite/detail').takes<TFolderId>().returns<TFolder>(),
  create: post('/api/user/favorite/create').takes<TFolderCreateRequest>().returns<TFolder>(),
  update: post('/api/user/favorite/update').takes<TFolderUpdateRequest>().returns<TFolder>(),
  remove: post('/api/user/favorite/delete').takes<TFolderId>().returns<null>(),
  toggle: post('/api/user/favorite').takes<TFavoriteToggleRequest>().returns<TFavoriteToggleReply>(),
};
