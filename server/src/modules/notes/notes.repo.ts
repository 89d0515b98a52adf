import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { NotesTable } from '../../db/schema.ts';
import type { ContentRef } from '../content/content.service.ts';

export type NoteRow = Selectable<NotesTable>;
export type NotesRepo = ReturnType<typeof createNotesRepo>;

/** What a note is anchored to, besides its item (issue 21): a page, and a highlight on it. */
export type NoteAnchorValues = {
  page: number | null;
  color: string;
  quote: string;
  /** JSON of the anchor; '' without one. */
  anchor: string;
  source_key: string;
};

/** A report as a page anchor sees it: its file and whether users may read it. */
export type ReportFile = { id: number; pdf_key: string; page_count: number; status: string };

/** `%text%` for LIKE … ESCAPE (backslash): the user's % and _ match themselves. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
      keyword = '',
    ): Promise<{ rows: NoteRow[]; total: number }> {
      let q = k.selectFrom('notes').where('user_id', '=', userId);
      if (ref) {
        q = q.where('content_type', '=', ref.type).where('content_id', '=', ref.id);
      }
      if (keyword) {
        const like = likePattern(keyword);
        q = q.where((eb) =>
          eb.or([
            eb(sql<string>`lower(content)`, 'like', sql<string>`${like} ESCAPE '\\'`),
            eb(sql<string>`lower(quote)`, 'like', sql<string>`${like} ESCAPE '\\'`),
          ]),
        );
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
      anchor: NoteAnchorValues | null = null,
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
          ...anchor,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The user's note `id`, or undefined (another user's note is not found either). */
    async find(userId: number, id: number): Promise<NoteRow | undefined> {
      return k
        .selectFrom('notes')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** false when the user has no such note. `color` changes a highlight's colour. */
    async update(userId: number, id: number, content: string, now: number, color?: string): Promise<boolean> {
      const result = await k
        .updateTable('notes')
        .set({ content, updated_at: now, ...(color ? { color } : {}) })
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

    /** The items the user has notes on, with how many each (the /notes filter). */
    async items(userId: number): Promise<{ content_type: string; content_id: number; n: number }[]> {
      const rows = await k
        .selectFrom('notes')
        .select(['content_type', 'content_id', (eb) => eb.fn.countAll().as('n')])
        .where('user_id', '=', userId)
        .groupBy(['content_type', 'content_id'])
        .execute();
      return rows.map((r) => ({ content_type: r.content_type, content_id: r.content_id, n: Number(r.n) }));
    },

    /** The reports' current files, whatever their publish state (page anchors are checked against them). */
    async reportFiles(ids: readonly number[]): Promise<Map<number, ReportFile>> {
      if (ids.length === 0) {
        return new Map();
      }
      const rows = await k
        .selectFrom('reports')
        .select(['id', 'pdf_key', 'page_count', 'status'])
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return new Map(rows.map((r) => [r.id, r]));
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
