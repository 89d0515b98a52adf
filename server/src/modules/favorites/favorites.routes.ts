import {
  ZFavoriteCountQuery,
  ZFavoriteListRequest,
  ZFavoriteToggleRequest,
  ZFolderCreateRequest,
  ZFolderIdRequest,
  ZFolderItemsRequest,
  ZFolderUpdateRequest,
  favoritesApi,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint-route.ts';
import { ok, ZEmptyEnvelope } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { FavoritesService } from './favorites.service.ts';

/** Favourite folders (spec §7 "Favourites"). Every call needs a user; other users' folders are "not found". */
export function favoritesRoutes(favorites: FavoritesService): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      favoritesApi.list,
      { preHandler: app.requireUser, schema: { body: ZFavoriteListRequest } },
      async (request) => ok(await favorites.list(request.body, currentUser(request))),
    );

    // The spec shows no method for list/info: both read the same parameters.
    route(
      app,
      favoritesApi.folderItems,
      { preHandler: app.requireUser, schema: { body: ZFolderItemsRequest } },
      async (request) => ok(await favorites.folderItems(request.body, currentUser(request))),
    );
    route(
      app,
      favoritesApi.folderItemsByQuery,
      { preHandler: app.requireUser, schema: { querystring: ZFolderItemsRequest } },
      async (request) => ok(await favorites.folderItems(request.query, currentUser(request))),
    );

    route(
      app,
      favoritesApi.counts,
      { preHandler: app.requireUser, schema: { querystring: ZFavoriteCountQuery } },
      async (request) => ok(await favorites.counts(request.query.favorite_id, currentUser(request))),
    );

    route(
      app,
      favoritesApi.detail,
      { preHandler: app.requireUser, schema: { querystring: ZFolderIdRequest } },
      async (request) => ok(await favorites.detail(request.query.id, currentUser(request))),
    );

    route(
      app,
      favoritesApi.create,
      { preHandler: app.requireUser, schema: { body: ZFolderCreateRequest } },
      async (request) => ok(await favorites.create(request.body, currentUser(request))),
    );

    route(
      app,
      favoritesApi.update,
      { preHandler: app.requireUser, schema: { body: ZFolderUpdateRequest } },
      async (request) => ok(await favorites.update(request.body, currentUser(request))),
    );

    route(
      app,
      favoritesApi.remove,
      { preHandler: app.requireUser, schema: { body: ZFolderIdRequest, response: { 200: ZEmptyEnvelope } } },
      async (request) => {
        await favorites.remove(request.body.id, currentUser(request));
        return ok(null);
      },
    );

    route(
      app,
      favoritesApi.toggle,
      { preHandler: app.requireUser, schema: { body: ZFavoriteToggleRequest } },
      async (request) => ok(await favorites.toggle(request.body, currentUser(request))),
    );
  };
}
