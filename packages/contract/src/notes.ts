import { z } from 'zod';
import { NOTE_PAGE_SIZE } from './constants.ts';
import { ZDetailRequest } from './detail.ts';
import { listPageField, listPageSizeField, type TPagedList } from './favorites.ts';
import { idField } from './rules/fields.ts';
import { MSG } from './messages.ts';
import { internalPath } from './rules/internal-path.ts';
import { noteContentField } from './rules/note.ts';

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
});
export type TNote = z.infer<typeof ZNote>;

/** GET /api/user/note/list: every note of the user, or one item's (`data_id` + `data_type`); newest first. */
export const ZNoteListQuery = z
  .object({
    page: listPageField,
    page_size: listPageSizeField(NOTE_PAGE_SIZE),
    data_id: itemId.optional(),
    data_type: itemIndex.optional(),
  })
  .refine((q) => (q.data_id === undefined) === (q.data_type === undefined), {
    error: MSG.badRequest,
    path: ['data_type'],
  });
export type TNoteListQuery = z.input<typeof ZNoteListQuery>;
export type TNoteListReply = TPagedList<TNote>;

/** POST /api/user/note/create → `{id, create_time}`. */
export const ZNoteCreateRequest = z.object({
  content: noteContentField,
  url: notePath,
  data_id: itemId,
  data_type: itemIndex,
});
export type TNoteCreateRequest = z.input<typeof ZNoteCreateRequest>;
export type TNoteCreateReply = { id: number; create_time: string };

/** POST /api/user/note/update. */
export const ZNoteUpdateRequest = z.object({ id: idField, content: noteContentField });
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
