import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { resolveAppSecret } from '../../platform/app-secret.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import { digestLog } from '../digest/digest.module.ts';
import { createDigestRepo } from '../digest/digest.repo.ts';
import { createDigestService } from '../digest/digest.service.ts';
import { DigestRenderer } from '../digest/render.ts';
import { adminMailRoutes } from './admin-mail.routes.ts';
import { createAdminMailRepo } from './admin-mail.repo.ts';
import { createAdminMailService } from './admin-mail.service.ts';

/** The back-office mail section as one plugin, over the digest module's service and tables. */
export function adminMailModule(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: Config;
  audit: AuditLog;
}): FastifyPluginAsyncZod {
  const { db, clock, mailer, config, audit } = deps;
  return async (app) => {
    const secret = resolveAppSecret(config);
    const log = digestLog(app.log);
    const service = createAdminMailService({
      repo: createAdminMailRepo(db),
      digest: createDigestService({
        db,
        mailer,
        clock,
        publicUrl: config.publicUrl,
        timeZone: config.digest.timeZone,
        secret,
        log,
      }),
      digestRepo: createDigestRepo(db),
      renderer: new DigestRenderer(config.publicUrl, config.digest.timeZone),
      mailer,
      audit,
      clock,
      secret,
      log,
    });
    await app.register(adminMailRoutes(service));
  };
}
