import { z } from 'zod';
import { FAVORITE_PAGE_SIZE, FOLDER_LIST_PAGE_SIZE } from './constants.ts';
import { ZDetailRequest, ZUsefulnessRequest } from './detail.ts';
import { MSG } from './messages.ts';
import { idField } from './rules/fields.ts';
import { folderNameField, folderRemarkField } from './rules/folder.ts';
import { SEARCH_MAX_PAGE, SEARCH_MAX_PAGE_SIZE, type TSearchHit } from './search.ts';

/**
 * Favourite folders (spec §7 "Favourites", §3 "Favourite folder"). An item is named as on the
 * detail page: `data_id` (a hit's `_id`) and `data_type` (its `_index`). Every user owns the
 * built-in 自由收藏夹 (`is_default` 1), which cannot be renamed or deleted.
 */
const itemId = ZDetailRequest.shape.detail_id;
const itemIndex = ZDetailRequest.shape.index;
const onOff = ZUsefulnessRequest.shape.status;

export const listPageField = z.coerce
  .number<number | string>({ error: MSG.badRequest })
  .int({ error: MSG.badRequest })
  .min(1, { error: MSG.badRequest })
  .max(SEARCH_MAX_PAGE, { error: MSG.badRequest })
  .default(1);

export const listPageSizeField = (fallback: number, max: number = SEARCH_MAX_PAGE_SIZE) =>
  z.coerce
    .number<number | string>({ error: MSG.badRequest })
    .int({ error: MSG.badRequest })
    .min(1, { error: MSG.badRequest })
    .max(max, { error: MSG.badRequest })
    .default(fallback);

/** The kinds of content a collection tab lists (the tab ids of GET /api/search/label?pagetype=collection). */
export const FAVORITE_TABS = ['report', 'business', 'insight', 'material'] as const;
export type TFavoriteTab = (typeof FAVORITE_TABS)[number];
/** `all` is the 收藏夹 tab: the folders themselves. */
export const ZFavoriteListTab = z.enum(['all', ...FAVORITE_TABS], { error: MSG.unknownTab });

export const ZFolder = z.object({
  id: z.number().int(),
  name: z.string(),
  remark: z.string(),
  /** Items in the folder that still exist (narrowed to `f_tn` when the list asked for it). */
  count: z.number().int(),
  create_time: z.string(),
  update_time: z.string(),
  /** 1 when the item of the request (`data_id`, `data_type`) is in this folder. */
  is_favorite: z.number().int(),
  /** 1 for the built-in 自由收藏夹. */
  is_default: z.number().int(),
});
export type TFolder = z.infer<typeof ZFolder>;

/**
 * POST /api/user/favorite/list. `tn: all` (default) lists folders, the built-in one first, each
 * with `is_favorite` for the item named by `data_id` + `data_type`; a content tab (`report`,
 * `business`, `insight`, `material`) lists the favourited items of that kind across folders.
 * `favorite_id` narrows either to one folder; `f_tn` narrows folder counts to one kind.
 */
export const ZFavoriteListRequest = z
  .object({
    tn: ZFavoriteListTab.default('all'),
    page: listPageField,
    page_size: listPageSizeField(FOLDER_LIST_PAGE_SIZE, FOLDER_LIST_PAGE_SIZE),
    favorite_id: idField.optional(),
    data_id: itemId.optional(),
    data_type: itemIndex.optional(),
    f_tn: z.enum(FAVORITE_TABS, { error: MSG.unknownTab }).optional(),
  })
  .refine((q) => (q.data_id === undefined) === (q.data_type === undefined), {
    error: MSG.badRequest,
    path: ['data_type'],
  });
export type TFavoriteListRequest = z.input<typeof ZFavoriteListRequest>;

/** One page of a list: `total_size` counts every item. */
export type TPagedList<T> = { data: T[]; page: number; page_size: number; total_size: number };
export type TFolderListReply = TPagedList<TFolder>;
/** Favourited items as search hits (`favorite_status` 1), newest favourite first. */
export type TFavoriteItemsReply = TPagedList<TSearchHit>;

/** POST (or GET) /api/user/favorite/list/info: the items of one folder, newest first. */
export const ZFolderItemsRequest = z.object({
  favorite_id: idField,
  page: listPageField,
  page_size: listPageSizeField(FAVORITE_PAGE_SIZE),
  tn: z.enum(FAVORITE_TABS, { error: MSG.unknownTab }).optional(),
});
export type TFolderItemsRequest = z.input<typeof ZFolderItemsRequest>;
export type TFolderItemsReply = TPagedList<TSearchHit> & { folder: TFolder };

/** GET /api/user/favorite/count?favorite_id= — favourited items (in one folder when given). */
export const ZFavoriteCountQuery = z.object({ favorite_id: idField.optional() });
export type TFavoriteCounts = {
  favorite_count: number;
  favorite_business_count: number;
  favorite_insight_count: number;
  favorite_report_count: number;
  favorite_material_count: number;
};

/** POST /api/user/favorite/create. */
export const ZFolderCreateRequest = z.object({ name: folderNameField, remark: folderRemarkField });
export type TFolderCreateRequest = z.input<typeof ZFolderCreateRequest>;
/** POST /api/user/favorite/update. */
export const ZFolderUpdateRequest = ZFolderCreateRequest.extend({ id: idField });
export type TFolderUpdateRequest = z.input<typeof ZFolderUpdateRequest>;
/** POST /api/user/favorite/delete and GET /api/user/favorite/detail?id=. */
export const ZFolderIdRequest = z.object({ id: idField });

/**
 * POST /api/user/favorite: put the item into (status 1) or take it out of (0) one folder;
 * without `favorite_id` the built-in folder. Idempotent.
 */
export const ZFavoriteToggleRequest = z.object({
  favorite_id: idField.optional(),
  data_id: itemId,
  data_type: itemIndex,
  status: onOff,
});
export type TFavoriteToggleRequest = z.input<typeof ZFavoriteToggleRequest>;
/** `favorite_status`: 1 while the item is in any of the user's folders (the detail page's state). */
export type TFavoriteToggleReply = { favorite_id: number; is_favorite: number; favorite_status: number };
