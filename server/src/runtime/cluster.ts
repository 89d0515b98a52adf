import cluster, { type Worker } from 'node:cluster';
import pino from 'pino';
import type { Config } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { loggerOptions } from '../http/logging.ts';
import { sharedPdfWorker } from '../ingest/pdf-worker-runner.ts';
import { createContentService } from '../modules/content/content.service.ts';
import { openSearchIndex } from '../modules/search/open-search-index.ts';
import { serveClusterMetrics } from '../platform/metrics/cluster-metrics.ts';
import { systemClock } from '../platform/clock.ts';
import { storageInDataDir } from '../platform/storage/local-storage.ts';
import { prepareDatabase } from './prepare-database.ts';
import { SHUTDOWN_TIMEOUT_MS } from './serve.ts';
import { startWatchdog } from './watchdog.ts';
import { defaultSettingWarnings } from './default-warnings.ts';
import { createSetupHandoff } from './setup-handoff.ts';
import { webBuildFinished } from './web-build-wait.ts';

/** Tells a worker which slot it fills: slot 0 runs the digest scheduler, and keeps it when restarted. */
export const WORKER_SLOT_ENV = 'PORTAL_WORKER_SLOT';
const RESTART_DELAY_MS = 1000;
/** Workers that have not exited this long after SIGTERM are killed (they give up at SHUTDOWN_TIMEOUT_MS). */
const STOP_TIMEOUT_MS = SHUTDOWN_TIMEOUT_MS + 1_000;

/**
 * The primary of a cluster: sets the database up once and runs `config.workers` server
 * processes that share the port (Node's cluster module hands out connections) — forked while the
 * demo library is still being generated, serving once set-up is over (setup-handoff.ts) —
 * restarts one that dies, and stops them all on SIGTERM or SIGINT — within 10 s, never forking while it stops
 * (a worker forked then would outlive it). Workers exit on their own when the primary is gone
 * (runtime/serve.ts). Everything shared lives in the database:
 * sessions, rate limits, the digest plan; read caches notice the other workers' writes through
 * the database (db/write-generation.ts).
 */
export async function runCluster(config: Config): Promise<void> {
  const log = pino(loggerOptions(config.logLevel, undefined) as pino.LoggerOptions);
  const watchdog = startWatchdog();
  const handoff = createSetupHandoff();

  let stopping = false;
  let stopCode = 0;
  const slots = new Map<Worker, number>();
  const restarts = new Set<NodeJS.Timeout>();
  const start = (slot: number) => {
    if (!stopping) {
      const worker = cluster.fork({ [WORKER_SLOT_ENV]: String(slot) });
      handoff.attach(worker);
      slots.set(worker, slot);
    }
  };
  cluster.on('exit', (worker, code, signal) => {
    const slot = slots.get(worker) ?? 0;
    slots.delete(worker);
    if (stopping) {
      if (slots.size === 0) {
        process.exit(stopCode);
      }
      return;
    }
    log.error({ slot, code, signal }, 'server worker exited; starting another');
    // A signal to the whole process group reaches the workers too, maybe before this process
    // handles its own: stop() cancels restarts still waiting.
    const timer = setTimeout(() => {
      restarts.delete(timer);
      start(slot);
    }, RESTART_DELAY_MS);
    restarts.add(timer);
  });
  const stop = (signal: string, exitCode = 0) => {
    if (stopping) {
      return;
    }
    stopping = true;
    stopCode = exitCode;
    for (const timer of restarts) {
      clearTimeout(timer);
    }
    log.info(`${signal}: stopping ${slots.size} workers`);
    if (slots.size === 0) {
      process.exit(exitCode);
    }
    watchdog.exitWithin(STOP_TIMEOUT_MS + 500);
    for (const worker of slots.keys()) {
      worker.process.kill('SIGTERM');
    }
    setTimeout(() => {
      log.error(`${slots.size} workers did not stop in time; killing them`);
      for (const worker of slots.keys()) {
        worker.process.kill('SIGKILL');
      }
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // The workers are forked once the schema, the accounts and the search index are in place and
  // the web app is built (npm start may still be building it), which on a first start is while
  // the demo library is generated: their start-up overlaps it. They serve once set-up is over.
  let forking: Promise<void> | undefined;
  const forkWorkers = () => {
    forking ??= webBuildFinished().then(
      () => {
        // GET /metrics on any worker answers for the whole cluster.
        serveClusterMetrics();
        for (let slot = 0; slot < config.workers; slot++) {
          start(slot);
        }
      },
      (err: unknown) => {
        log.error({ err }, 'not starting the server workers');
        process.exit(1);
      },
    );
    return forking;
  };

  const db = createDatabase(config.database);
  const storage = storageInDataDir(config.dataDir);
  const search = openSearchIndex(db, { readers: 0 });
  const content = createContentService({ db, storage, search, clock: systemClock });
  try {
    await prepareDatabase(
      { config, db, content, storage, watchdog, search, beforeDemoContent: () => void forkWorkers() },
      log,
    );
  } catch {
    await db.close();
    stop('set-up failed', 1);
    return;
  } finally {
    await search.close();
    await sharedPdfWorker().close();
  }
  await db.close();
  await forkWorkers();
  handoff.finish();
  log.info(`洞察门户: ${config.workers} server workers at ${config.publicUrl}`);
  for (const warning of defaultSettingWarnings(process.env)) {
    log.warn(warning);
  }
}
