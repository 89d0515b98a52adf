import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDatabase } from '../db/seed/index.ts';
import { withSetupLock } from '../db/setup-lock.ts';
import { seedDemoContent } from '../demo/content/seed-demo-content.ts';
import type { ContentService } from '../modules/content/content.service.ts';
import { loadSearchDictionary } from '../modules/search/search-dictionary.ts';
import { systemClock } from '../platform/clock.ts';
import type { Storage } from '../platform/storage/storage.ts';

export type SetupLog = {
  info(line: string): void;
  error(obj: object, line: string): void;
  fatal(obj: object, line: string): void;
};

/**
 * Migrations, seeds, the search dictionary and (when enabled) the demo content, by one process
 * at a time: two starting on one empty database would both seed it. Throws when the database
 * cannot be set up; a failed demo seed is logged and the portal starts without it.
 */
export async function prepareDatabase(
  parts: { config: Config; db: Db; content: ContentService; storage: Storage },
  log: SetupLog,
): Promise<void> {
  const { config, db, content, storage } = parts;
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL (DATABASE_URL)';
  const lockFile = config.database.kind === 'sqlite' ? `${config.database.file}.setup-lock` : null;
  await withSetupLock(db, lockFile, async () => {
    try {
      const migrated = await migrateToLatest(db);
      const seeded = await seedDatabase(db, { demo: config.demoSeed, clock: systemClock });
      for (const line of [...migrated, ...seeded.map((part) => `seeded ${part}`)]) {
        log.info(line);
      }
    } catch (err) {
      log.fatal({ err }, `database setup failed (${where})`);
      throw err;
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
          log.info(`seeded ${line}`);
        }
        if (lines.length > 0) {
          log.info(`demo content ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        }
      }
    } catch (err) {
      // The portal still works without demo content; say so rather than refuse to start.
      log.error({ err }, 'demo content seed failed');
    }
  });
}
