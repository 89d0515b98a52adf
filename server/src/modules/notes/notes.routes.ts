import {
  ZNoteCreateRequest,
  ZNoteDeleteRequest,
  ZNoteDrawQuery,
  ZNoteDrawUpdateRequest,
  ZNoteListQuery,
  ZNoteUpdateRequest,
  notesApi,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok, ZEmptyEnvelope } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { NotesService } from './notes.service.ts';

/** Notes and the note panel (spec §7 "Notes"). Every call needs a user; other users' notes are "not found". */
export function notesRoutes(notes: NotesService): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      notesApi.list,
      { preHandler: app.requireUser, schema: { querystring: ZNoteListQuery } },
      async (request) => ok(await notes.list(request.query, currentUser(request))),
    );

    route(app, notesApi.items, { preHandler: app.requireUser }, async (request) =>
      ok(await notes.items(currentUser(request))),
    );

    route(
      app,
      notesApi.create,
      { preHandler: app.requireUser, schema: { body: ZNoteCreateRequest } },
      async (request) => ok(await notes.create(request.body, currentUser(request))),
    );

    route(
      app,
      notesApi.update,
      { preHandler: app.requireUser, schema: { body: ZNoteUpdateRequest } },
      async (request) => ok(await notes.update(request.body, currentUser(request))),
    );

    route(
      app,
      notesApi.remove,
      {
        preHandler: app.requireUser,
        schema: { body: ZNoteDeleteRequest, response: { 200: ZEmptyEnvelope } },
      },
      async (request) => {
        await notes.remove(request.body.id, currentUser(request));
        return ok(null);
      },
    );

    route(
      app,
      notesApi.panel,
      { preHandler: app.requireUser, schema: { querystring: ZNoteDrawQuery } },
      async (request) => ok(await notes.panel(request.query, currentUser(request))),
    );

    route(
      app,
      notesApi.setPanel,
      { preHandler: app.requireUser, schema: { body: ZNoteDrawUpdateRequest } },
      async (request) => ok(await notes.setPanel(request.body, currentUser(request))),
    );
  };
}
