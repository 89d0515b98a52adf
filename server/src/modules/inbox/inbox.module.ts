import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { FileUrls } from '../files/signed-url.ts';
import type { Users } from '../users/users.service.ts';
import { createInboxRepo } from './inbox.repo.ts';
import { inboxRoutes } from './inbox.routes.ts';
import { createInboxService } from './inbox.service.ts';

/** The back-office inboxes as one plugin (routes → service → repo). */
export function inboxModule(deps: {
  db: Db;
  users: Users;
  mailer: Mailer;
  audit: AuditLog;
  clock: Clock;
  fileUrls: FileUrls;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const inbox = createInboxService({ ...deps, repo: createInboxRepo(deps.db), log: app.log });
    await app.register(inboxRoutes(inbox, deps.clock));
  };
}
