import { API_HEADERS, Role } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { AuthService, AuthUser } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser`; null on routes that do not require a user. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler for protected routes: 401 unless the `token` header holds a live session. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler for back-office routes: 401 without a live session, 403 (code 1001) without role 2. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** preHandler for routes open to visitors: sets `request.user` when the token is live, else leaves null. */
    optionalUser: (request: FastifyRequest) => Promise<void>;
  }
}

/** The session token of a request. Only the `token` header counts, never a cookie (no CSRF). */
export function requestToken(request: FastifyRequest): string | undefined {
  const value = request.headers[API_HEADERS.token];
  return typeof value === 'string' ? value : undefined;
}

export function registerRequireUser(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('user', null);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    const user = await auth.authenticate(requestToken(request));
    if (!user) {
      throw AppError.unauthorized();
    }
    request.user = user;
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const user = await auth.authenticate(requestToken(request));
    if (!user) {
      throw AppError.unauthorized();
    }
    if (!user.roles.includes(Role.admin)) {
      throw AppError.forbidden();
    }
    request.user = user;
  });
  app.decorate('optionalUser', async (request: FastifyRequest) => {
    request.user = await auth.authenticate(requestToken(request));
  });
}

/** The user of a request that passed `requireUser`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) {
    throw AppError.unauthorized();
  }
  return request.user;
}
