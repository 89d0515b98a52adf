import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { createUsers } from '../users/users.service.ts';
import { createCodeStore, EMAIL_CODES } from '../verification-codes/code-store.ts';
import { emailChangeRoutes } from './email-change.routes.ts';
import { createEmailChangeService } from './email-change.service.ts';

/** The e-mail change module as one plugin (codes go out through the app's Mailer). */
export function emailChangeModule({
  db,
  clock,
  mailer,
}: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
}): FastifyPluginAsyncZod {
  const service = createEmailChangeService({
    codes: createCodeStore(db, EMAIL_CODES),
    users: createUsers(db),
    mailer,
    clock,
  });
  return async (app) => {
    await app.register(emailChangeRoutes(service));
  };
}
