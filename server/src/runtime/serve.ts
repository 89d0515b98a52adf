import pino from 'pino';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { sharedPdfWorker } from '../ingest/pdf-worker-runner.ts';
import { createContentService } from '../modules/content/content.service.ts';
import { createReadiness } from '../modules/health/readiness.ts';
import { openSearchIndex } from '../modules/search/open-search-index.ts';
import { loadSearchDictionary } from '../modules/search/search-dictionary.ts';
import { systemClock } from '../platform/clock.ts';
import { storageInDataDir } from '../platform/storage/local-storage.ts';
import { prepareDatabase } from './prepare-database.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;
const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_MS = 250;

export type ServeOptions = {
  /** Migrate and seed first (a single process); cluster workers find it done by the primary. */
  setup: boolean;
  /** Run the daily digest scheduler here (one process of a cluster does). */
  scheduleDigest: boolean;
};

/** Opens the database, builds the app and serves it until SIGTERM or SIGINT. */
export async function serve(config: Config, options: ServeOptions): Promise<void> {
  // Log lines are written 4 KB at a time off the main thread, and at least every LOG_FLUSH_MS (one
  // write per line cost a busy server ~6% of its time); what is buffered is written on exit.
  const logStream = pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES });
  setInterval(() => logStream.flush(), LOG_FLUSH_MS).unref();
  process.on('exit', () => logStream.flushSync());
  const db = createDatabase(config.database);
  const storage = storageInDataDir(config.dataDir);
  const search = openSearchIndex(db, { readers: config.searchReaders });
  const readiness = createReadiness();
  const app = await buildApp({
    readiness,
    config,
    db,
    clock: systemClock,
    storage,
    search,
    scheduleDigest: options.scheduleDigest,
    logger: { stream: logStream },
  });
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL (DATABASE_URL)';

  const content = createContentService({ db, storage, search, clock: systemClock });
  if (options.setup) {
    try {
      await prepareDatabase({ config, db, content, storage }, app.log);
    } catch {
      await db.close();
      process.exit(1);
    }
  } else {
    await loadSearchDictionary(content);
  }
  readiness.markReady();

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      return;
    }
    closing = true;
    app.log.info(`${signal}: shutting down`);
    setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    app
      .close()
      .then(() => search.close())
      .then(() => sharedPdfWorker().close())
      .then(() => db.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: where }, `洞察门户 running at ${config.publicUrl}`);
}
