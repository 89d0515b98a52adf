import type {
  TNoteCreateReply,
  TNoteCreateRequest,
  TNoteDrawReply,
  TNoteDrawUpdateRequest,
  TNoteItemsReply,
  TNoteListQuery,
  TNoteListReply,
  TNoteUpdateReply,
  TNoteUpdateRequest,
  ZNoteDeleteRequest,
  ZNoteDrawQuery,
} from '../notes.ts';
import type { z } from 'zod';
import { get, post } from './endpoint.ts';

/** Notes, highlights and the note panel (spec §7 "Notes"). */
export const notesApi = {
  list: get('/api/user/note/list').takes<TNoteListQuery>().returns<TNoteListReply>(),
  /** The items the user has notes on (the /notes filter). */
  items: get('/api/user/note/items').returns<TNoteItemsReply>(),
  create: post('/api/user/note/create').takes<TNoteCreateRequest>().returns<TNoteCreateReply>(),
  update: post('/api/user/note/update').takes<TNoteUpdateRequest>().returns<TNoteUpdateReply>(),
  remove: post('/api/user/note/delete').takes<z.input<typeof ZNoteDeleteRequest>>().returns<null>(),
  /** The note panel's saved state on an item (1 open, 2 closed). */
  panel: get('/api/user/note/draw').takes<z.input<typeof ZNoteDrawQuery>>().returns<TNoteDrawReply>(),
  setPanel: post('/api/user/note/draw/update').takes<TNoteDrawUpdateRequest>().returns<TNoteDrawReply>(),
};
