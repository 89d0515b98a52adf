import { DEFAULT_FOLDER_NAME } from '@portal/contract';
import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Database, FavoriteFoldersTable } from '../../db/schema.ts';
import type { ContentRef } from '../content/content.service.ts';
import type { ContentType } from '../content/content-types.ts';
import { refIsPublished } from '../content/publish-status.ts';

export type FolderRow = Selectable<FavoriteFoldersTable>;
export type FavoritesRepo = ReturnType<typeof createFavoritesRepo>;
export type Paging = { page: number; pageSize: number };
/** A favourited item with when it was (last) favourited. */
export type FavoriteRef = ContentRef & { at: number };

/** Postgres and SQLite words for "that unique index already holds this value". */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return (
    e.code === '23505' ||
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    String(e.message).includes('UNIQUE constraint failed')
  );
}

/**
 * Folders and the items in them. Every query is keyed by the owner's user id: a folder id of
 * someone else simply matches nothing. Writes that change whether a user holds an item at all
 * run under a per-user lock (the built-in folder's row), so the favourite counter moves by
 * exactly one per user however requests interleave.
 */
export function createFavoritesRepo(db: Db) {
  const k = db.kysely;
  const n = (v: string | number | bigint | null | undefined) => Number(v ?? 0);
  // Every list page and detail page asks these: prepared once (db/prepared-query.ts).
  const heldBy = preparedQuery(db, (userId: number) =>
    k
      .selectFrom('favorite_items')
      .select(['content_type', 'content_id'])
      .distinct()
      .where('user_id', '=', userId),
  );
  const foldersOf = preparedQuery(db, (userId: number, type: string, id: number) =>
    k
      .selectFrom('favorite_items')
      .select('folder_id')
      .where('user_id', '=', userId)
      .where('content_type', '=', type)
      .where('content_id', '=', id),
  );

  /** Serialises one user's favourite writes. SQLite runs one transaction at a time anyway. */
  async function lockUser(tx: Transaction<Database>, userId: number): Promise<void> {
    if (db.dialect !== 'postgres') {
      return;
    }
    await tx
      .selectFrom('favorite_folders')
      .select('id')
      .where('user_id', '=', userId)
      .where('is_default', '=', 1)
      .forUpdate()
      .execute();
  }

  async function heldAnywhere(tx: Transaction<Database>, userId: number, ref: ContentRef): Promise<boolean> {
    const row = await tx
      .selectFrom('favorite_items')
      .select('folder_id')
      .where('user_id', '=', userId)
      .where('content_type', '=', ref.type)
      .where('content_id', '=', ref.id)
      .executeTakeFirst();
    return row !== undefined;
  }

  async function ownedFolder(
    tx: Transaction<Database>,
    userId: number,
    folderId: number,
  ): Promise<FolderRow | undefined> {
    return tx
      .selectFrom('favorite_folders')
      .selectAll()
      .where('id', '=', folderId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  const repo = {
    /** Creates the built-in folder once (the unique name makes this safe to race). */
    async ensureDefaultFolder(userId: number, now: number): Promise<void> {
      await k
        .insertInto('favorite_folders')
        .values({
          user_id: userId,
          name: DEFAULT_FOLDER_NAME,
          remark: '',
          is_default: 1,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
        .execute();
    },

    async defaultFolderId(userId: number): Promise<number | undefined> {
      const row = await k
        .selectFrom('favorite_folders')
        .select('id')
        .where('user_id', '=', userId)
        .where('is_default', '=', 1)
        .executeTakeFirst();
      return row?.id;
    },

    folder(userId: number, folderId: number): Promise<FolderRow | undefined> {
      return k
        .selectFrom('favorite_folders')
        .selectAll()
        .where('id', '=', folderId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** The user's folders, the built-in one first, then newest first. */
    async folders(
      userId: number,
      paging: Paging,
      onlyId?: number,
    ): Promise<{ rows: FolderRow[]; total: number }> {
      let q = k.selectFrom('favorite_folders').where('user_id', '=', userId);
      if (onlyId !== undefined) {
        q = q.where('id', '=', onlyId);
      }
      const [rows, total] = await Promise.all([
        q
          .selectAll()
          .orderBy('is_default', 'desc')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(paging.pageSize)
          .offset((paging.page - 1) * paging.pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
      ]);
      return { rows, total: n(total?.n) };
    },

    /** Items per folder of these folders (of one kind when given). */
    async folderCounts(
      userId: number,
      folderIds: readonly number[],
      type?: ContentType,
    ): Promise<Map<number, number>> {
      if (folderIds.length === 0) {
        return new Map();
      }
      let q = k
        .selectFrom('favorite_items')
        .select((eb) => ['folder_id', eb.fn.countAll().as('n')])
        .where('user_id', '=', userId)
        .where('folder_id', 'in', [...folderIds])
        .where(refIsPublished('favorite_items.content_type', 'favorite_items.content_id'));
      if (type) {
        q = q.where('content_type', '=', type);
      }
      const rows = await q.groupBy('folder_id').execute();
      return new Map(rows.map((r) => [r.folder_id, n(r.n)]));
    },

    /** The folders of the user that hold the item. */
    /** Which of `refs` any folder of the user holds, as `type:id` keys. */
    /** Every item any of the user's folders holds, as search doc ids. */
    async allHeld(userId: number): Promise<Set<string>> {
      const rows = await heldBy(userId);
      return new Set(rows.map((r) => `${r.content_type}:${r.content_id}`));
    },

    async foldersHolding(userId: number, ref: ContentRef): Promise<Set<number>> {
      const rows = await foldersOf(userId, ref.type, ref.id);
      return new Set(rows.map((r) => r.folder_id));
    },

    /** Favourited items (each once, however many folders hold it), newest favourite first. */
    async items(
      userId: number,
      filter: { folderId?: number | undefined; type?: ContentType | undefined },
      paging: Paging,
    ): Promise<{ refs: FavoriteRef[]; total: number }> {
      let base = k
        .selectFrom('favorite_items')
        .where('user_id', '=', userId)
        .where(refIsPublished('favorite_items.content_type', 'favorite_items.content_id'));
      if (filter.folderId !== undefined) {
        base = base.where('folder_id', '=', filter.folderId);
      }
      if (filter.type) {
        base = base.where('content_type', '=', filter.type);
      }
      const grouped = base
        .select((eb) => ['content_type', 'content_id', eb.fn.max('created_at').as('at')])
        .groupBy(['content_type', 'content_id']);
      const [rows, total] = await Promise.all([
        grouped
          .orderBy('at', 'desc')
          .orderBy('content_id', 'desc')
          .limit(paging.pageSize)
          .offset((paging.page - 1) * paging.pageSize)
          .execute(),
        k
          .selectFrom(grouped.as('g'))
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst(),
      ]);
      return {
        refs: rows.map((r) => ({ type: r.content_type as ContentType, id: r.content_id, at: n(r.at) })),
        total: n(total?.n),
      };
    },

    /** Distinct favourited items per kind (in one folder when given). */
    async countsByType(userId: number, folderId?: number): Promise<Map<string, number>> {
      let q = k
        .selectFrom('favorite_items')
        .select((eb) => ['content_type', eb.fn.count('content_id').distinct().as('n')])
        .where('user_id', '=', userId)
        .where(refIsPublished('favorite_items.content_type', 'favorite_items.content_id'));
      if (folderId !== undefined) {
        q = q.where('folder_id', '=', folderId);
      }
      const rows = await q.groupBy('content_type').execute();
      return new Map(rows.map((r) => [r.content_type, n(r.n)]));
    },

    /** Every distinct item the user holds (to find ones whose content is gone). */
    async allRefs(userId: number): Promise<ContentRef[]> {
      const rows = await k
        .selectFrom('favorite_items')
        .select(['content_type', 'content_id'])
        .distinct()
        .where('user_id', '=', userId)
        .execute();
      return rows.map((r) => ({ type: r.content_type as ContentType, id: r.content_id }));
    },

    /** Drops items whose content no longer exists from every folder of the user. */
    async removeEverywhere(userId: number, refs: readonly ContentRef[]): Promise<void> {
      for (const ref of refs) {
        await k
          .deleteFrom('favorite_items')
          .where('user_id', '=', userId)
          .where('content_type', '=', ref.type)
          .where('content_id', '=', ref.id)
          .execute();
      }
    },

    /** The new folder's id, or null when the user already has a folder of that name. */
    async createFolder(userId: number, name: string, remark: string, now: number): Promise<number | null> {
      const row = await k
        .insertInto('favorite_folders')
        .values({ user_id: userId, name, remark, is_default: 0, created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** false when no other folder may take `name` (unique per user). */
    async updateFolder(
      userId: number,
      folderId: number,
      name: string,
      remark: string,
      now: number,
    ): Promise<boolean> {
      try {
        await k
          .updateTable('favorite_folders')
          .set({ name, remark, updated_at: now })
          .where('id', '=', folderId)
          .where('user_id', '=', userId)
          .where('is_default', '=', 0)
          .execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) {
          return false;
        }
        throw error;
      }
    },

    /**
     * Deletes a folder the user owns (never the built-in one) with its items. Returns the items
     * that are now in none of the user's folders, or null when there was no such folder.
     */
    async deleteFolder(userId: number, folderId: number): Promise<ContentRef[] | null> {
      return k.transaction().execute(async (tx) => {
        await lockUser(tx, userId);
        const folder = await ownedFolder(tx, userId, folderId);
        if (!folder || Number(folder.is_default) === 1) {
          return null;
        }
        const items = await tx
          .selectFrom('favorite_items')
          .select(['content_type', 'content_id'])
          .where('folder_id', '=', folderId)
          .execute();
        await tx.deleteFrom('favorite_items').where('folder_id', '=', folderId).execute();
        await tx.deleteFrom('favorite_folders').where('id', '=', folderId).execute();
        const lost: ContentRef[] = [];
        for (const item of items) {
          const ref = { type: item.content_type as ContentType, id: item.content_id };
          if (!(await heldAnywhere(tx, userId, ref))) {
            lost.push(ref);
          }
        }
        return lost;
      });
    },

    /**
     * Puts the item into (or takes it out of) one of the user's folders; idempotent. Returns how
     * the user's "holds this item anywhere" changed (+1, 0, -1) and whether it is held now, or
     * null when the folder is not the user's.
     */
    async setItem(
      userId: number,
      folderId: number,
      ref: ContentRef,
      on: boolean,
      now: number,
    ): Promise<{ delta: number; held: boolean } | null> {
      return k.transaction().execute(async (tx) => {
        await lockUser(tx, userId);
        if (!(await ownedFolder(tx, userId, folderId))) {
          return null;
        }
        const before = await heldAnywhere(tx, userId, ref);
        if (on) {
          await tx
            .insertInto('favorite_items')
            .values({
              folder_id: folderId,
              user_id: userId,
              content_type: ref.type,
              content_id: ref.id,
              created_at: now,
            })
            .onConflict((oc) => oc.columns(['folder_id', 'content_type', 'content_id']).doNothing())
            .execute();
        } else {
          await tx
            .deleteFrom('favorite_items')
            .where('folder_id', '=', folderId)
            .where('content_type', '=', ref.type)
            .where('content_id', '=', ref.id)
            .execute();
        }
        const after = await heldAnywhere(tx, userId, ref);
        return { delta: Number(after) - Number(before), held: after };
      });
    },
  };

  /**
   * A write to one user's folders counts for that user's cached favourites only
   * (db/write-generation.ts `forOwner`): one user's favourite leaves everyone else's cached.
   */
  const forUser =
    <A extends unknown[], R>(write: (userId: number, ...rest: A) => Promise<R>) =>
    (userId: number, ...rest: A): Promise<R> =>
      db.generation.forOwner(userId, () => write(userId, ...rest));

  return {
    ...repo,
    ensureDefaultFolder: forUser(repo.ensureDefaultFolder),
    removeEverywhere: forUser(repo.removeEverywhere),
    createFolder: forUser(repo.createFolder),
    updateFolder: forUser(repo.updateFolder),
    deleteFolder: forUser(repo.deleteFolder),
    setItem: forUser(repo.setItem),
  };
}
