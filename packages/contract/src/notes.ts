import { z } from 'zod';
import { NOTE_PAGE_SIZE } from './constants.ts';
import { ZDetailRequest } from './detail.ts';
import { listPageField, listPageSizeField, type TPagedList } from './favorites.ts';
import { idField } from './rules/fields.ts';
import { MSG } from './messages.ts';
import { internalPath } from './rules/internal-path.ts';
import { noteCommentField, validateNoteContent } from './rules/note.ts';
import { SEARCH_TEXT_MAX } from './constants.ts';
import { HIGHLIGHT_COLORS, notePageField, ZNoteHighlight } from './highlights.ts';

/**
 * Notes (spec §7 "Notes", §3 "Note"). A note belongs to one item, named as on the detail page
 * (`data_id` = `_id`, `data_type` = `_index`).
 */
const itemId = ZDetailRequest.shape.detail_id;
const itemIndex = ZDetailRequest.shape.index;

/**
 * The page a note was written on: a path inside the portal, normalised (`internalPath`).
 * Anything else (another site, `javascript:`, `/\t/host`) is dropped to '' — the note itself is
 * the user's writing and is kept — so a note can never link off-site.
 */
const notePath = z
  .string()
  .trim()
  .max(500, { error: MSG.badRequest })
  .default('')
  .transform((url) => internalPath(url) ?? '');

export const ZNote = z.object({
  id: z.number().int(),
  content: z.string(),
  create_time: z.string(),
  update_time: z.string(),
  data_id: z.string(),
  data_type: z.string(),
  url: z.string(),
  /** Title of the item; '' when it no longer exists. */
  source_name: z.string(),
  /** The page the note is anchored to; null on a page-less note (every note before issue 21). */
  page: z.number().int().nullable(),
  /** Set when the note is a highlight of a passage on `page`. */
  highlight: ZNoteHighlight.nullable(),
  /**
   * false when the page anchor may no longer fit: the report's file was replaced since, or the
   * report is unpublished or gone (the note is kept; the lists say 原文已更新，位置可能失效).
   */
  placed: z.boolean(),
});
export type TNote = z.infer<typeof ZNote>;

/** GET /api/user/note/list: every note of the user, or one item's (`data_id` + `data_type`); newest first. */
export const ZNoteListQuery = z
  .object({
    page: listPageField,
    page_size: listPageSizeField(NOTE_PAGE_SIZE),
    data_id: itemId.optional(),
    data_type: itemIndex.optional(),
    /** Part of a note's text or of a highlight's quote (issue 21). */
    keyword: z
      .string({ error: MSG.badRequest })
      .trim()
      .max(SEARCH_TEXT_MAX, { error: MSG.badRequest })
      .optional(),
  })
  .refine((q) => (q.data_id === undefined) === (q.data_type === undefined), {
    error: MSG.badRequest,
    path: ['data_type'],
  });
export type TNoteListQuery = z.input<typeof ZNoteListQuery>;
export type TNoteListReply = TPagedList<TNote>;

/**
 * POST /api/user/note/create → `{id, create_time}`. `page` anchors the note to a page of a
 * report; `highlight` (which needs `page`) makes it a highlight, whose text may stay empty.
 */
export const ZNoteCreateRequest = z
  .object({
    content: noteCommentField.default(''),
    url: notePath,
    data_id: itemId,
    data_type: itemIndex,
    page: notePageField.optional(),
    highlight: ZNoteHighlight.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.highlight && q.page === undefined) {
      ctx.addIssue({ code: 'custom', message: MSG.badRequest, path: ['page'] });
    } else if (!q.highlight) {
      const message = validateNoteContent(q.content);
      if (message !== null) {
        ctx.addIssue({ code: 'custom', message, path: ['content'] });
      }
    }
  });
export type TNoteCreateRequest = z.input<typeof ZNoteCreateRequest>;
export type TNoteCreateReply = { id: number; create_time: string };

/**
 * POST /api/user/note/update: the text (required on a plain note, optional on a highlight —
 * the server knows which it is) and, on a highlight, its colour.
 */
export const ZNoteUpdateRequest = z.object({
  id: idField,
  content: noteCommentField,
  color: z.enum(HIGHLIGHT_COLORS, { error: MSG.badRequest }).optional(),
});
export type TNoteUpdateRequest = z.input<typeof ZNoteUpdateRequest>;
export type TNoteUpdateReply = { id: number; update_time: string };

/** POST /api/user/note/delete. */
export const ZNoteDeleteRequest = z.object({ id: idField });

/** GET /api/user/note/draw?data_id=&type= — the note panel's state on an item: 1 open, 2 closed. */
export const ZNoteDrawQuery = z.object({ data_id: itemId, type: itemIndex });
/** POST /api/user/note/draw/update. */
export const ZNoteDrawUpdateRequest = ZNoteDrawQuery.extend({
  status: z.coerce
    .number<number | string>({ error: MSG.badRequest })
    .int()
    .min(1, { error: MSG.badRequest })
    .max(2, { error: MSG.badRequest }),
});
export type TNoteDrawUpdateRequest = z.input<typeof ZNoteDrawUpdateRequest>;
export type TNoteDrawReply = { status: number };

/** GET /api/user/note/items: the items the user has notes on (the /notes filter), by title. */
export type TNoteItemSummary = { data_id: string; data_type: string; source_name: string; count: number };
export type TNoteItemsReply = { data: TNoteItemSummary[] };
