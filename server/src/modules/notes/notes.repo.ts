import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { NotesTable } from '../../db/schema.ts';
import type { ContentRef } from '../content/content.service.ts';

export type NoteRow = Selectable<NotesTable>;
export type NotesRepo = ReturnType<typeof createNotesRepo>;

/** Notes and the note panel's state. Every query is keyed by the owner: another user's note id matches nothing. */
export function createNotesRepo(db: Db) {
  const k = db.kysely;
  const changed = (v: bigint | number | undefined) => Number(v ?? 0) > 0;
  return {
    /** The user's notes (on one item when given), newest first. */
    async list(
      userId: number,
      ref: ContentRef | null,
      page: number,
      pageSize: number,
    ): Promise<{ rows: NoteRow[]; total: number }> {
      let q = k.selectFrom('notes').where('user_id', '=', userId);
      if (ref) {
        q = q.where('content_type', '=', ref.type).where('content_id', '=', ref.id);
      }
      const [rows, total] = await Promise.all([
        q
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async create(
      userId: number,
      ref: ContentRef,
      content: string,
      url: string,
      now: number,
    ): Promise<number> {
      const row = await k
        .insertInto('notes')
        .values({
          user_id: userId,
          content_type: ref.type,
          content_id: ref.id,
          content,
          url,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** false when the user has no such note. */
    async update(userId: number, id: number, content: string, now: number): Promise<boolean> {
      const result = await k
        .updateTable('notes')
        .set({ content, updated_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return changed(result.numUpdatedRows);
    },

    async remove(userId: number, id: number): Promise<boolean> {
      const result = await k
        .deleteFrom('notes')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return changed(result.numDeletedRows);
    },

    /** The panel state saved for this item, else the state the user chose last on any item. */
    async panelStatus(userId: number, ref: ContentRef): Promise<number | undefined> {
      const own = await k
        .selectFrom('note_panels')
        .select('status')
        .where('user_id', '=', userId)
        .where('content_type', '=', ref.type)
        .where('content_id', '=', ref.id)
        .executeTakeFirst();
      if (own) {
        return own.status;
      }
      const last = await k
        .selectFrom('note_panels')
        .select('status')
        .where('user_id', '=', userId)
        .orderBy('updated_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return last?.status;
    },

    async setPanelStatus(userId: number, ref: ContentRef, status: number, now: number): Promise<void> {
      await k
        .insertInto('note_panels')
        .values({ user_id: userId, content_type: ref.type, content_id: ref.id, status, updated_at: now })
        .onConflict((oc) =>
          oc.columns(['user_id', 'content_type', 'content_id']).doUpdateSet({ status, updated_at: now }),
        )
        .execute();
    },
  };
}
