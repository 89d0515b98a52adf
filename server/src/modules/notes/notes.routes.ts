import {
  ZNoteCreateRequest,
  ZNoteDeleteRequest,
  ZNoteDrawQuery,
  ZNoteDrawUpdateRequest,
  ZNoteListQuery,
  ZNoteUpdateRequest,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, ZEmptyEnvelope } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { NotesService } from './notes.service.ts';

/** Notes and the note panel (spec §7 "Notes"). Every call needs a user; other users' notes are "not found". */
export function notesRoutes(notes: NotesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/user/note/list',
      { preHandler: app.requireUser, schema: { querystring: ZNoteListQuery } },
      async (request) => ok(await notes.list(request.query, currentUser(request))),
    );

    app.get('/api/user/note/items', { preHandler: app.requireUser }, async (request) =>
      ok(await notes.items(currentUser(request))),
    );

    app.post(
      '/api/user/note/create',
      { preHandler: app.requireUser, schema: { body: ZNoteCreateRequest } },
      async (request) => ok(await notes.create(request.body, currentUser(request))),
    );

    app.post(
      '/api/user/note/update',
      { preHandler: app.requireUser, schema: { body: ZNoteUpdateRequest } },
      async (request) => ok(await notes.update(request.body, currentUser(request))),
    );

    app.post(
      '/api/user/note/delete',
      {
        preHandler: app.requireUser,
        schema: { body: ZNoteDeleteRequest, response: { 200: ZEmptyEnvelope } },
      },
      async (request) => {
        await notes.remove(request.body.id, currentUser(request));
        return ok(null);
      },
    );

    app.get(
      '/api/user/note/draw',
      { preHandler: app.requireUser, schema: { querystring: ZNoteDrawQuery } },
      async (request) => ok(await notes.panel(request.query, currentUser(request))),
    );

    app.post(
      '/api/user/note/draw/update',
      { preHandler: app.requireUser, schema: { body: ZNoteDrawUpdateRequest } },
      async (request) => ok(await notes.setPanel(request.body, currentUser(request))),
    );
  };
}
