import {
  internalPath,
  MSG,
  NOTE_PANEL_STATUS,
  type TNote,
  type TNoteCreateReply,
  type TNoteDrawReply,
  type TNoteHighlight,
  type TNoteItemsReply,
  type TNoteListReply,
  ZNoteHighlight,
  type TNoteUpdateReply,
  type ZNoteCreateRequest,
  type ZNoteDrawUpdateRequest,
  type ZNoteListQuery,
  type ZNoteUpdateRequest,
  shanghaiDateTime,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import type { ContentCatalogue, ContentRef } from '../content/content.service.ts';
import { indexOfContentType, searchDocId, type ContentType } from '../content/content-types.ts';
import { refOf } from '../detail/detail.service.ts';
import type { NoteAnchorValues, NoteRow, NotesRepo, ReportFile } from './notes.repo.ts';

export type NotesDeps = { repo: NotesRepo; content: ContentCatalogue; clock: Clock };
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

  /** The reports that page-anchored notes among `rows` point at. */
  async function anchorFiles(rows: readonly NoteRow[]): Promise<Map<number, ReportFile>> {
    return repo.reportFiles(
      rows.filter((r) => r.page !== null && r.content_type === 'report').map((r) => r.content_id),
    );
  }

  function noteOut(row: NoteRow, names: Map<string, string>, files: Map<number, ReportFile>): TNote {
    const type = row.content_type as ContentType;
    const file = row.page === null ? undefined : files.get(row.content_id);
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
      page: row.page === null ? null : Number(row.page),
      highlight: highlightOf(row),
      // A page anchor holds while the report shows the very file it was taken on.
      placed:
        row.page === null ||
        (file !== undefined && file.status === 'published' && file.pdf_key === row.source_key),
    };
  }

  /** The anchor to store for a note on `page` of the item (reports only: their pages are known). */
  async function anchorValues(
    ref: ContentRef,
    q: z.output<typeof ZNoteCreateRequest>,
  ): Promise<NoteAnchorValues | null> {
    if (q.page === undefined) {
      return null;
    }
    const file = ref.type === 'report' ? (await repo.reportFiles([ref.id])).get(ref.id) : undefined;
    if (!file || q.page > Number(file.page_count)) {
      throw AppError.badRequest(MSG.notePageOutOfRange);
    }
    return {
      page: q.page,
      color: q.highlight?.color ?? '',
      quote: q.highlight?.quote ?? '',
      anchor: q.highlight ? JSON.stringify(q.highlight.anchor) : '',
      source_key: file.pdf_key,
    };
  }

  return {
    async list(q: z.output<typeof ZNoteListQuery>, user: AuthUser): Promise<TNoteListReply> {
      const ref = q.data_id !== undefined && q.data_type !== undefined ? refOf(q.data_type, q.data_id) : null;
      const { rows, total } = await repo.list(user.id, ref, q.page, q.page_size, q.keyword);
      const [names, files] = await Promise.all([titles(rows), anchorFiles(rows)]);
      return {
        data: rows.map((r) => noteOut(r, names, files)),
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
      const anchor = await anchorValues(ref, q);
      const at = now();
      const id = await repo.create(user.id, ref, q.content, q.url, at, anchor);
      return { id, create_time: shanghaiDateTime(at) };
    },

    async update(q: z.output<typeof ZNoteUpdateRequest>, user: AuthUser): Promise<TNoteUpdateReply> {
      const row = await repo.find(user.id, q.id);
      if (!row) {
        throw AppError.notFound(MSG.noteNotFound);
      }
      // A highlight may stand without words; a plain note may not, nor take a colour.
      const highlight = row.color !== '';
      if (!highlight && (q.content === '' || q.color !== undefined)) {
        throw AppError.badRequest(q.content === '' ? MSG.noteRequired : MSG.badRequest);
      }
      const at = now();
      if (!(await repo.update(user.id, q.id, q.content, at, q.color))) {
        throw AppError.notFound(MSG.noteNotFound);
      }
      return { id: q.id, update_time: shanghaiDateTime(at) };
    },

    async remove(id: number, user: AuthUser): Promise<void> {
      if (!(await repo.remove(user.id, id))) {
        throw AppError.notFound(MSG.noteNotFound);
      }
    },

    /** The items the user has notes on, by title; items that are gone last, as 原内容已删除. */
    async items(user: AuthUser): Promise<TNoteItemsReply> {
      const rows = await repo.items(user.id);
      const refs = rows.map((r) => ({ type: r.content_type as ContentType, id: r.content_id }));
      const sources = await content.sources(refs);
      const data = rows.map((r) => {
        const type = r.content_type as ContentType;
        return {
          data_id: String(r.content_id),
          data_type: indexOfContentType(type),
          source_name: sources.get(searchDocId(type, r.content_id))?.title ?? '',
          count: r.n,
        };
      });
      data.sort(
        (a, b) =>
          (a.source_name === '' ? 1 : 0) - (b.source_name === '' ? 1 : 0) ||
          a.source_name.localeCompare(b.source_name, 'zh'),
      );
      return { data };
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

/** A stored highlight as the contract has it; null on a plain note or an anchor that no longer parses. */
function highlightOf(row: NoteRow): TNoteHighlight | null {
  if (row.color === '' || row.anchor === '') {
    return null;
  }
  try {
    const parsed = ZNoteHighlight.safeParse({
      color: row.color,
      quote: row.quote,
      anchor: JSON.parse(row.anchor),
    });
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
