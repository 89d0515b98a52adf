import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ContentIngestion } from '../content/content.service.ts';
import { createReportInbox } from './report-inbox.ts';

/** The drop folder is looked at this often. */
export const INBOX_SCAN_MS = 10_000;

/**
 * Watches REPORT_INBOX when it is set and `schedule` is on (the server process): one scan at
 * a time per process, every INBOX_SCAN_MS, stopped when the app closes.
 */
export function reportInboxModule({
  content,
  clock,
  config,
  schedule,
}: {
  content: ContentIngestion;
  clock: Clock;
  config: Config;
  schedule: boolean;
}): FastifyPluginAsync {
  return async (app) => {
    const dir = config.reportInbox.dir;
    if (!schedule || dir === null) {
      return;
    }
    const inbox = createReportInbox({ dir, publish: config.reportInbox.publish, content, clock });
    let timer: NodeJS.Timeout | undefined;
    let busy: Promise<void> = Promise.resolve();
    const scan = () => {
      busy = busy
        .then(async () => {
          for (const o of await inbox.scan()) {
            if (o.status === 'failed') {
              app.log.warn({ file: o.file, reason: o.error }, 'report inbox: file refused');
            } else {
              app.log.info({ file: o.file, id: o.id, status: o.status }, 'report inbox: report added');
            }
          }
        })
        .catch((err: unknown) => app.log.error({ err }, 'report inbox scan failed'));
    };
    app.addHook('onReady', async () => {
      timer = setInterval(scan, INBOX_SCAN_MS);
      timer.unref();
      scan();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await busy;
    });
  };
}
