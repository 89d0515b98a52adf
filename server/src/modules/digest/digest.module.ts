import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { resolveAppSecret } from '../../platform/app-secret.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { unsubscribeRoutes } from '../unsubscribe/unsubscribe.routes.ts';
import { createUnsubscribeService } from '../unsubscribe/unsubscribe.service.ts';
import { muteRoutes } from '../unsubscribe/mute.routes.ts';
import { createMuteService } from '../unsubscribe/mute.service.ts';
import { digestRoutes } from './digest.routes.ts';
import { createDigestService, type DigestLog } from './digest.service.ts';
import { startDigestScheduler, type DigestScheduler } from './scheduler.ts';

export function digestLog(log: FastifyBaseLogger): DigestLog {
  return (level, message, data) => log[level](data ?? {}, message);
}

/**
 * The daily digest and unsubscribe as one plugin: the admin run log, the unsubscribe calls and,
 * when `schedule` is on (the server process; tests drive the service themselves), the 08:00
 * scheduler with its retry poller, stopped when the app closes.
 */
export function digestModule({
  db,
  clock,
  mailer,
  config,
  schedule,
}: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: Config;
  schedule: boolean;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const secret = resolveAppSecret(config);
    const digest = createDigestService({
      db,
      mailer,
      clock,
      publicUrl: config.publicUrl,
      timeZone: config.digest.timeZone,
      secret,
      log: digestLog(app.log),
    });
    await app.register(digestRoutes(digest));
    await app.register(unsubscribeRoutes(createUnsubscribeService({ db, clock, secret })));
    await app.register(muteRoutes(createMuteService({ db, clock, secret })));
    if (schedule) {
      // Started once the app is ready: main.ts migrates the database between build and listen.
      let scheduler: DigestScheduler | undefined;
      app.addHook('onReady', async () => {
        scheduler = startDigestScheduler({
          digest,
          clock,
          time: config.digest.time,
          timeZone: config.digest.timeZone,
          log: digestLog(app.log),
        });
      });
      app.addHook('onClose', async () => {
        await scheduler?.stop();
      });
    }
  };
}
