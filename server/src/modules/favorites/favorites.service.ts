import {
  MSG,
  type TFavoriteCounts,
  type TFavoriteItemsReply,
  type TFavoriteToggleReply,
  type TFolder,
  type TFolderItemsReply,
  type TFolderListReply,
  type TSearchHit,
  type ZFavoriteListRequest,
  type ZFavoriteToggleRequest,
  type ZFolderCreateRequest,
  type ZFolderItemsRequest,
  type ZFolderUpdateRequest,
  shanghaiDateTime,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { createReadCache, type KeyedGeneration } from '../../platform/cache/read-cache.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import type { ContentCatalogue, ContentCounters, ContentRef } from '../content/content.service.ts';
import { indexOfContentType, searchDocId, type ContentType } from '../content/content-types.ts';
import { refOf } from '../detail/detail.service.ts';
import type { FavoriteRef, FavoritesRepo, FolderRow } from './favorites.repo.ts';

export type FavoritesDeps = {
  repo: FavoritesRepo;
  content: ContentCatalogue & Pick<ContentCounters, 'bump'>;
  clock: Clock;
  /**
   * Keep each user's favourited items between writes (every list page marks them); off when
   * omitted. The generation is per user: a user's favourite empties that user's entry only.
   */
  readCache?: { generation: KeyedGeneration; ttlMs: number };
};

/** Users whose favourite sets are kept: those active within a few seconds. */
const HELD_CACHE_ENTRIES = 10_000;
/** What the held-items cache is read from: a user's favourite write empties that user's entry, nothing else does. */
export const HELD_CACHE_TABLES: readonly string[] = ['favorite_folders', 'favorite_items'];
export type FavoritesService = ReturnType<typeof createFavoritesService>;

function folderOut(row: FolderRow, count: number, holds: boolean): TFolder {
  return {
    id: row.id,
    name: row.name,
    remark: row.remark,
    count,
    create_time: shanghaiDateTime(Number(row.created_at)),
    update_time: shanghaiDateTime(Number(row.updated_at)),
    is_favorite: holds ? 1 : 0,
    is_default: Number(row.is_default) === 1 ? 1 : 0,
  };
}

/**
 * Favourite folders (spec §7 "Favourites"). Rules: every user has the built-in 自由收藏夹
 * (created on first use, never renamed or deleted); folder names are unique per user; an item
 * counts as favourited while any of the user's folders holds it, and `content_stats.favorites`
 * counts the users who hold it (it feeds 最热). Items whose content was deleted are dropped
 * from the user's folders before anything is listed or counted.
 */
export function createFavoritesService({ repo, content, clock, readCache }: FavoritesDeps) {
  const heldCache =
    readCache && readCache.ttlMs > 0
      ? createReadCache<Set<string>>({ ...readCache, max: HELD_CACHE_ENTRIES })
      : null;
  /** Every item (search doc id) some folder of the user holds: one small read per user, not per page. */
  const held = (userId: number): Promise<Set<string>> =>
    heldCache ? heldCache.get(String(userId), () => repo.allHeld(userId)) : repo.allHeld(userId);

  const now = () => clock.now().getTime();

  async function ready(user: AuthUser): Promise<void> {
    await repo.ensureDefaultFolder(user.id, now());
  }

  /** Removes items whose content no longer exists, so counts and lists agree with what can be shown. */
  async function dropDeleted(userId: number): Promise<void> {
    const refs = await repo.allRefs(userId);
    if (refs.length === 0) {
      return;
    }
    const alive = await content.existing(refs);
    const gone = refs.filter((r) => !alive.has(searchDocId(r.type, r.id)));
    if (gone.length > 0) {
      await repo.removeEverywhere(userId, gone);
    }
  }

  async function ownFolder(user: AuthUser, id: number): Promise<FolderRow> {
    const row = await repo.folder(user.id, id);
    if (!row) {
      throw AppError.notFound(MSG.folderNotFound);
    }
    return row;
  }

  async function withCount(user: AuthUser, row: FolderRow): Promise<TFolder> {
    const counts = await repo.folderCounts(user.id, [row.id]);
    return folderOut(row, counts.get(row.id) ?? 0, false);
  }

  async function hits(refs: readonly FavoriteRef[]): Promise<TSearchHit[]> {
    const sources = await content.sources(refs);
    return refs.flatMap((ref) => {
      const source = sources.get(searchDocId(ref.type, ref.id));
      return source
        ? [{ _id: String(ref.id), _index: indexOfContentType(ref.type), _source: source, favorite_status: 1 }]
        : [];
    });
  }

  async function changeCounter(refs: readonly ContentRef[], by: number): Promise<void> {
    for (const ref of refs) {
      await content.bump(ref, 'favorites', by);
    }
  }

  const service = {
    /** POST /api/user/favorite/list: folders (tn all) or favourited items of one kind. */
    async list(
      q: z.output<typeof ZFavoriteListRequest>,
      user: AuthUser,
    ): Promise<TFolderListReply | TFavoriteItemsReply> {
      await ready(user);
      await dropDeleted(user.id);
      const paging = { page: q.page, pageSize: q.page_size };
      if (q.tn !== 'all') {
        if (q.favorite_id !== undefined) {
          await ownFolder(user, q.favorite_id);
        }
        const { refs, total } = await repo.items(user.id, { folderId: q.favorite_id, type: q.tn }, paging);
        return { data: await hits(refs), page: q.page, page_size: q.page_size, total_size: total };
      }
      const { rows, total } = await repo.folders(user.id, paging, q.favorite_id);
      const ids = rows.map((r) => r.id);
      const [counts, holding] = await Promise.all([
        repo.folderCounts(user.id, ids, q.f_tn),
        q.data_id !== undefined && q.data_type !== undefined
          ? repo.foldersHolding(user.id, refOf(q.data_type, q.data_id))
          : Promise.resolve(new Set<number>()),
      ]);
      return {
        data: rows.map((r) => folderOut(r, counts.get(r.id) ?? 0, holding.has(r.id))),
        page: q.page,
        page_size: q.page_size,
        total_size: total,
      };
    },

    /** /api/user/favorite/list/info: one folder with a page of its items. */
    async folderItems(q: z.output<typeof ZFolderItemsRequest>, user: AuthUser): Promise<TFolderItemsReply> {
      await ready(user);
      const row = await ownFolder(user, q.favorite_id);
      await dropDeleted(user.id);
      const { refs, total } = await repo.items(
        user.id,
        { folderId: row.id, type: q.tn },
        { page: q.page, pageSize: q.page_size },
      );
      return {
        folder: await withCount(user, row),
        data: await hits(refs),
        page: q.page,
        page_size: q.page_size,
        total_size: total,
      };
    },

    /** GET /api/user/favorite/count: distinct favourited items, all folders or one. */
    async counts(favoriteId: number | undefined, user: AuthUser): Promise<TFavoriteCounts> {
      await ready(user);
      if (favoriteId !== undefined) {
        await ownFolder(user, favoriteId);
      }
      await dropDeleted(user.id);
      const byType = await repo.countsByType(user.id, favoriteId);
      const of = (type: ContentType) => byType.get(type) ?? 0;
      return {
        favorite_count: [...byType.values()].reduce((a, b) => a + b, 0),
        favorite_business_count: of('business'),
        favorite_insight_count: of('insight'),
        favorite_report_count: of('report'),
        favorite_material_count: of('material'),
      };
    },

    async detail(id: number, user: AuthUser): Promise<TFolder> {
      await ready(user);
      await dropDeleted(user.id);
      return withCount(user, await ownFolder(user, id));
    },

    async create(q: z.output<typeof ZFolderCreateRequest>, user: AuthUser): Promise<TFolder> {
      await ready(user);
      const id = await repo.createFolder(user.id, q.name, q.remark, now());
      if (id === null) {
        throw AppError.badRequest(MSG.folderNameDuplicate);
      }
      return withCount(user, await ownFolder(user, id));
    },

    async update(q: z.output<typeof ZFolderUpdateRequest>, user: AuthUser): Promise<TFolder> {
      await ready(user);
      const row = await ownFolder(user, q.id);
      if (Number(row.is_default) === 1) {
        throw AppError.badRequest(MSG.defaultFolderLocked);
      }
      if (!(await repo.updateFolder(user.id, row.id, q.name, q.remark, now()))) {
        throw AppError.badRequest(MSG.folderNameDuplicate);
      }
      return withCount(user, await ownFolder(user, row.id));
    },

    /** Deletes a folder and its items; items now in no folder stop counting as favourited. */
    async remove(id: number, user: AuthUser): Promise<void> {
      await ready(user);
      const row = await ownFolder(user, id);
      if (Number(row.is_default) === 1) {
        throw AppError.badRequest(MSG.defaultFolderLocked);
      }
      const lost = await repo.deleteFolder(user.id, id);
      if (lost === null) {
        throw AppError.notFound(MSG.folderNotFound);
      }
      await changeCounter(lost, -1);
    },

    /** POST /api/user/favorite: one folder gains (1) or loses (0) the item; idempotent. */
    async toggle(q: z.output<typeof ZFavoriteToggleRequest>, user: AuthUser): Promise<TFavoriteToggleReply> {
      await ready(user);
      const ref = refOf(q.data_type, q.data_id);
      if (q.status === 1 && !(await content.exists(ref))) {
        throw AppError.notFound(MSG.contentNotFound);
      }
      const folderId = q.favorite_id ?? (await repo.defaultFolderId(user.id));
      if (folderId === undefined) {
        throw AppError.notFound(MSG.folderNotFound);
      }
      const result = await repo.setItem(user.id, folderId, ref, q.status === 1, now());
      if (!result) {
        throw AppError.notFound(MSG.folderNotFound);
      }
      if (result.delta !== 0) {
        await changeCounter([ref], result.delta);
      }
      return { favorite_id: folderId, is_favorite: q.status, favorite_status: result.held ? 1 : 0 };
    },

    /** The ids (`searchDocId`) among `refs` that any folder of the user holds: list cards' favorite_status. */
    async favoritedAmong(userId: number, refs: readonly ContentRef[]): Promise<Set<string>> {
      const all = refs.length === 0 ? new Set<string>() : await held(userId);
      return new Set(refs.map((r) => searchDocId(r.type, r.id)).filter((id) => all.has(id)));
    },

    /** The detail page's favorite_status: 1 while any folder of the user holds the item. */
    async statusOf(userId: number, ref: ContentRef): Promise<number> {
      return (await held(userId)).has(searchDocId(ref.type, ref.id)) ? 1 : 0;
    },
  };
  return service;
}
