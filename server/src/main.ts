import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDatabase } from './db/seed/index.ts';
import { withSetupLock } from './db/setup-lock.ts';
import { seedDemoContent } from './demo/content/seed-demo-content.ts';
import { sharedPdfWorker } from './ingest/pdf-worker-runner.ts';
import { createContentService } from './modules/content/content.service.ts';
import { openSearchIndex } from './modules/search/open-search-index.ts';
import { loadSearchDictionary } from './modules/search/search-dictionary.ts';
import { systemClock } from './platform/clock.ts';
import { storageInDataDir } from './platform/storage/local-storage.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const db = createDatabase(config.database);
  const storage = storageInDataDir(config.dataDir);
  const search = openSearchIndex(db, { readers: config.searchReaders });
  const app = await buildApp({ config, db, clock: systemClock, storage, search, scheduleDigest: true });
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL (DATABASE_URL)';

  const content = createContentService({ db, storage, search, clock: systemClock });
  // One process at a time migrates and seeds: two starting on one empty database would both seed it.
  const lockFile = config.database.kind === 'sqlite' ? `${config.database.file}.setup-lock` : null;
  await withSetupLock(db, lockFile, async () => {
    try {
      const migrated = await migrateToLatest(db);
      const seeded = await seedDatabase(db, { demo: config.demoSeed, clock: systemClock });
      for (const line of [...migrated, ...seeded.map((part) => `seeded ${part}`)]) {
        app.log.info(line);
      }
    } catch (err) {
      app.log.fatal({ err }, `database setup failed (${where})`);
      await db.close();
      process.exit(1);
    }

    try {
      await loadSearchDictionary(content);
      if (config.demoSeed) {
        const started = performance.now();
        const lines = await seedDemoContent({
          db,
          content,
          storage,
          clock: systemClock,
          reports: config.demoReports,
        });
        for (const line of lines) {
          app.log.info(`seeded ${line}`);
        }
        if (lines.length > 0) {
          app.log.info(`demo content ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        }
      }
    } catch (err) {
      // The portal still works without demo content; say so rather than refuse to start.
      app.log.error({ err }, 'demo content seed failed');
    }
  });

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

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
