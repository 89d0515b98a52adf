import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDatabase } from '../seed/index.ts';
import { withSetupLock } from '../db/setup-lock.ts';
import { installWriteTriggers } from '../db/write-notify.ts';
import type { ContentService } from '../modules/content/content.service.ts';
import { clusterExistingHeadlines } from '../modules/headline-clusters/headline-clusters.ts';
import { createReportMetadataRepo } from '../modules/content/report-metadata.repo.ts';
import { loadSearchDictionary } from '../modules/search/search-dictionary.ts';
import { rebuildSearchIndex } from '../modules/search/search-rebuild.ts';
import type { SearchIndex } from '../search/search.types.ts';
import { systemClock } from '../platform/clock.ts';
import type { Storage } from '../platform/storage/storage.ts';
import type { Watchdog } from './watchdog.ts';

export type SetupLog = {
  info(line: string): void;
  error(obj: object, line: string): void;
  fatal(obj: object, line: string): void;
};

/**
 * Migrations, seeds, the search dictionary and (when enabled) the demo content, by one process
 * at a time: two starting on one empty database would both seed it. Throws when the database
 * cannot be set up; a failed demo seed is logged and the portal starts without it.
 *
 * Each step is logged as it begins (`setup: <step>`), and the watchdog thread logs
 * `still <step> after N s` while one takes long, even when the main thread is stuck: a start
 * that stalls says where.
 */
export async function prepareDatabase(
  parts: {
    config: Config;
    db: Db;
    content: ContentService;
    storage: Storage;
    watchdog?: Watchdog;
    /** The index a search migration may have queued documents of (rebuilt after the dictionary loads). */
    search?: SearchIndex;
    /**
     * Called once the schema, the accounts, the search index and the clustering are in place,
     * before the demo content (the slow part of a first start): what only needs those may begin.
     */
    beforeDemoContent?: () => void;
  },
  log: SetupLog,
): Promise<void> {
  const { config, db, watchdog } = parts;
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL (DATABASE_URL)';
  const lockFile = config.database.kind === 'sqlite' ? `${config.database.file}.setup-lock` : null;
  const step = (name: string) => {
    log.info(`setup: ${name}`);
    watchdog?.step(name);
  };
  try {
    step('waiting for the setup lock');
    await withSetupLock(db, lockFile, async () => {
      try {
        step('migrating the database');
        const migrated = await migrateToLatest(db);
        // PostgreSQL: every table tells every node of its writes (caches across nodes).
        await installWriteTriggers(db);
        step('seeding accounts and menus');
        const seeded = await seedDatabase(db, { demo: config.demoSeed, clock: systemClock });
        for (const line of [...migrated, ...seeded.map((part) => `seeded ${part}`)]) {
          log.info(line);
        }
      } catch (err) {
        log.fatal({ err }, `database setup failed (${where})`);
        throw err;
      }
      await seedContent(parts, log, step);
    });
  } finally {
    watchdog?.stepDone();
  }
}

async function seedContent(
  {
    config,
    db,
    content,
    storage,
    search,
    beforeDemoContent,
  }: {
    config: Config;
    db: Db;
    content: ContentService;
    storage: Storage;
    search?: SearchIndex;
    beforeDemoContent?: () => void;
  },
  log: SetupLog,
  step: (name: string) => void,
): Promise<void> {
  try {
    step('loading the search dictionary');
    await loadSearchDictionary(content);
    step('computing report metadata');
    const described = await createReportMetadataRepo(db).backfill();
    if (described > 0) {
      log.info(`report metadata: abstract, contents and tags of ${described} reports computed`);
    }
    if (search) {
      step('rebuilding the search index');
      const rebuilt = await rebuildSearchIndex({ db, search, clock: systemClock });
      if (rebuilt > 0) {
        log.info(`search index: ${rebuilt} documents written again`);
      }
      step('clustering near-duplicate headlines');
      const { copies } = await clusterExistingHeadlines(db, search);
      if (copies > 0) {
        log.info(`headline clusters: ${copies} near-duplicates folded into their stories`);
      }
    }
    beforeDemoContent?.();
    if (config.demoSeed) {
      step('checking for demo content');
      // Imported only when there is something to seed: the PDF and font libraries it draws with
      // took ~0.2 s of every process start.
      if (await content.isEmpty()) {
        const started = performance.now();
        const { seedDemoContent } = await import('../demo/content/seed-demo-content.ts');
        const lines = await seedDemoContent({
          db,
          content,
          storage,
          clock: systemClock,
          reports: config.demoReports,
          onPart: (part) => step(`seeding ${part}`),
        });
        for (const line of lines) {
          log.info(`seeded ${line}`);
        }
        log.info(`demo content ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
    }
  } catch (err) {
    // The portal still works without demo content; say so rather than refuse to start.
    log.error({ err }, 'demo content seed failed');
  }
}
