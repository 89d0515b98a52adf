import cluster from 'node:cluster';
import pino from 'pino';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { listenForWrites } from '../db/write-notify.ts';
import { sharedPdfWorker } from '../ingest/pdf-worker-runner.ts';
import { createReadiness } from '../modules/health/readiness.ts';
import { openSearchIndex } from '../modules/search/open-search-index.ts';
import { loadSearchDictionary } from '../modules/search/search-dictionary.ts';
import { systemClock } from '../platform/clock.ts';
import { storageInDataDir } from '../platform/storage/local-storage.ts';
import { prepareDatabase } from './prepare-database.ts';
import { startWatchdog } from './watchdog.ts';
import { defaultSettingWarnings } from './default-warnings.ts';
import { setupFinished } from './setup-handoff.ts';
import { webBuildFinished } from './web-build-wait.ts';

/**
 * How long requests in flight get to finish after SIGTERM/SIGINT; the watchdog kills the process
 * a second later whatever it is doing, so a stop never takes more than 10 s (a cluster's primary
 * allows its workers just as long).
 */
export const SHUTDOWN_TIMEOUT_MS = 8_000;
const HARD_EXIT_MS = SHUTDOWN_TIMEOUT_MS + 1_000;
/** A cluster worker whose primary is gone has this long to exit on its own before it is killed. */
const ORPHAN_GRACE_MS = 3_000;
/**
 * After SIGTERM, replies say `Connection: close` for this long before the server stops listening
 * and drops idle keep-alive connections: a request a client sent just before the signal may still
 * sit unread in such a connection, and dropping it would reset that request.
 */
const DRAIN_GRACE_MS = 500;
/** How long the last log lines may wait on a full stdout pipe at exit before they are dropped. */
const EXIT_FLUSH_MS = 1_000;
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
  const watchdog = startWatchdog();
  if (cluster.isWorker) {
    // Node's cluster module exits a worker when the IPC channel to its primary closes; should that
    // exit hang (a native call, a log pipe nobody reads), the watchdog kills the worker.
    watchdog.exitWhenOrphaned(ORPHAN_GRACE_MS);
  }
  // Log lines are written 4 KB at a time off the main thread, and at least every LOG_FLUSH_MS (one
  // write per line cost a busy server ~6% of its time); what is buffered is written on exit, but
  // a stdout pipe that stays full does not hold the exit up for more than EXIT_FLUSH_MS.
  let dropLogsAfter = Infinity;
  const logStream = pino.destination({
    dest: 1,
    sync: false,
    minLength: LOG_BUFFER_BYTES,
    retryEAGAIN: () => Date.now() < dropLogsAfter,
  });
  setInterval(() => logStream.flush(), LOG_FLUSH_MS).unref();
  process.on('exit', () => {
    dropLogsAfter = Date.now() + EXIT_FLUSH_MS;
    try {
      logStream.flushSync();
    } catch {
      // the pipe stayed full or was closed: the lines are lost, the exit is not held up
    }
  });
  // DATABASE_READ_URL: the log says when the standby stops answering and when it is back.
  const replicaLog: { to?: { warn(obj: object, line: string): void; info(line: string): void } } = {};
  const db = createDatabase(config.database, {
    replicaEvents: {
      onDown: (err) => replicaLog.to?.warn({ err }, 'read replica not answering: reads go to the primary'),
      onUp: () => replicaLog.to?.info('read replica answering: searches and lists read from it'),
    },
    onIdleError: (err) =>
      replicaLog.to?.warn({ err }, 'an idle database connection failed; the next query opens another'),
  });
  const storage = storageInDataDir(config.dataDir);
  const search = openSearchIndex(db, { readers: config.searchReaders });
  const readiness = createReadiness();
  if (options.setup) {
    // The app reads the web build when it is built: one process has no seeding to overlap with.
    await webBuildFinished();
  }
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
  replicaLog.to = app.log;
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL (DATABASE_URL)';

  // The app's own content service: one per process, with its caches and count buffer.
  const content = app.content;
  if (options.setup) {
    try {
      await prepareDatabase({ config, db, content, storage, watchdog, search }, app.log);
    } catch {
      await db.close();
      process.exit(1);
    }
  } else {
    // A cluster worker is forked while the primary may still be seeding, organisations (whose
    // names are dictionary words) last: jieba loads now, the names are added once it has finished.
    await loadSearchDictionary(content);
    await setupFinished();
    await loadSearchDictionary(content);
  }
  // PostgreSQL: hear other nodes' writes, so caches drop what they changed (db/write-notify.ts);
  // SQLite workers see each other's commits through data_version.
  const writes =
    config.database.kind === 'postgres'
      ? listenForWrites(db, config.database.url, {
          onError: (err) => app.log.warn({ err }, 'write notifications lost: reconnecting'),
        })
      : undefined;
  readiness.markReady();

  let closing = false;
  // Runs before Fastify's own handler, which says `Connection: close` only once app.close() began.
  app.server.prependListener('request', (_request, response) => {
    if (closing) {
      response.setHeader('connection', 'close');
    }
  });
  const shutdown = (signal: string) => {
    if (closing) {
      return;
    }
    closing = true;
    readiness.markStopping();
    app.log.info(`${signal}: shutting down`);
    watchdog.exitWithin(HARD_EXIT_MS);
    setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    // Requests in flight finish; app.close() waits for them, then for the onClose hooks.
    new Promise((resolve) => setTimeout(resolve, DRAIN_GRACE_MS))
      .then(() => app.close())
      .then(() => search.close())
      .then(() => sharedPdfWorker().close())
      .then(() => writes?.close())
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
  // Once per install start: the process that sets up (or the single one), not every worker.
  if (options.setup) {
    for (const warning of defaultSettingWarnings(process.env)) {
      app.log.warn(warning);
    }
  }
}
