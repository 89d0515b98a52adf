import {
  internalPath,
  MSG,
  NOTE_PANEL_STATUS,
  type TNote,
  type TNoteCreateReply,
  type TNoteDrawReply,
  type TNoteListReply,
  type TNoteUpdateReply,
  type ZNoteCreateRequest,
  type ZNoteDrawUpdateRequest,
  type ZNoteListQuery,
  type ZNoteUpdateRequest,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import type { ContentService } from '../content/content.service.ts';
import { shanghaiDateTime } from '../content/content-time.ts';
import { indexOfContentType, searchDocId, type ContentType } from '../content/content-types.ts';
import { refOf } from '../detail/detail.service.ts';
import type { NoteRow, NotesRepo } from './notes.repo.ts';

export type NotesDeps = { repo: NotesRepo; content: ContentService; clock: Clock };
export type NotesService = ReturnType<typeof createNotesService>;

/**
 * Notes on items and the note panel's state (spec §7 "Notes"). A note is written on an item
 * that exists; it outlives the item (its `source_name` is then '').
 */
export function createNotesService({ repo, content, clock }: NotesDeps) {
  const now = () => clock.now().getTime();

  async function titles(rows: readonly NoteRow[]): Promise<Map<string, string>> {
    const refs = rows.map((r) => ({ type: r.content_type as ContentType, id: r.content_id }));
    const sources = await content.sources(refs);
    return new Map([...sources].map(([docId, source]) => [docId, source.title]));
  }

  function noteOut(row: NoteRow, names: Map<string, string>): TNote {
    const type = row.content_type as ContentType;
    return {
      id: row.id,
      content: row.content,
      create_time: shanghaiDateTime(Number(row.created_at)),
      update_time: shanghaiDateTime(Number(row.updated_at)),
      data_id: String(row.content_id),
      data_type: indexOfContentType(type),
      // Rows written before the rule may hold `/\t/host`: they are re-checked on the way out.
      url: internalPath(row.url) ?? '',
      source_name: names.get(searchDocId(type, row.content_id)) ?? '',
    };
  }

  return {
    async list(q: z.output<typeof ZNoteListQuery>, user: AuthUser): Promise<TNoteListReply> {
      const ref = q.data_id !== undefined && q.data_type !== undefined ? refOf(q.data_type, q.data_id) : null;
      const { rows, total } = await repo.list(user.id, ref, q.page, q.page_size);
      const names = await titles(rows);
      return {
        data: rows.map((r) => noteOut(r, names)),
        page: q.page,
        page_size: q.page_size,
        total_size: total,
      };
    },

    async create(q: z.output<typeof ZNoteCreateRequest>, user: AuthUser): Promise<TNoteCreateReply> {
      const ref = refOf(q.data_type, q.data_id);
      if (!(await content.exists(ref))) {
        throw AppError.notFound(MSG.contentNotFound);
      }
      const at = now();
      const id = await repo.create(user.id, ref, q.content, q.url, at);
      return { id, create_time: shanghaiDateTime(at) };
    },

    async update(q: z.output<typeof ZNoteUpdateRequest>, user: AuthUser): Promise<TNoteUpdateReply> {
      const at = now();
      if (!(await repo.update(user.id, q.id, q.content, at))) {
        throw AppError.notFound(MSG.noteNotFound);
      }
      return { id: q.id, update_time: shanghaiDateTime(at) };
    },

    async remove(id: number, user: AuthUser): Promise<void> {
      if (!(await repo.remove(user.id, id))) {
        throw AppError.notFound(MSG.noteNotFound);
      }
    },

    /** The panel opens unless the user closed it here, or (on a new item) closed it last time. */
    async panel(q: { data_id: string; type: string }, user: AuthUser): Promise<TNoteDrawReply> {
      const status = await repo.panelStatus(user.id, refOf(q.type, q.data_id));
      return { status: status ?? NOTE_PANEL_STATUS.open };
    },

    async setPanel(q: z.output<typeof ZNoteDrawUpdateRequest>, user: AuthUser): Promise<TNoteDrawReply> {
      await repo.setPanelStatus(user.id, refOf(q.type, q.data_id), q.status, now());
      return { status: q.status };
    },
  };
}
