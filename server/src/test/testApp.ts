import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDatabase } from '../seed/index.ts';
import { seedDemoContent } from '../demo/content/seed-demo-content.ts';
import { createContentService, type ContentService } from '../modules/content/content.service.ts';
import { openSearchIndex } from '../modules/search/open-search-index.ts';
import { loadSearchDictionary } from '../modules/search/search-dictionary.ts';
import { LocalStorage } from '../platform/storage/local-storage.ts';
import type { Storage } from '../platform/storage/storage.ts';
import type { SearchIndex } from '../search/search.types.ts';
import { ManualClock } from './manualClock.ts';
import { MemorySmsSender } from './memorySms.ts';

export type DbKind = 'sqlite' | 'postgres';

/** The databases to run API tests on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabases(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export type TestDatabase = { db: Db; drop(): Promise<void> };

/**
 * An empty database of its own: a SQLite file in a temp directory, or a fresh PostgreSQL schema
 * (`t_<random>`, dropped afterwards) so test files can run in parallel against one server.
 */
export async function openTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
    const db = createDatabase({ kind: 'sqlite', file: join(dir, 'portal.db') });
    return {
      db,
      async drop() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error('TEST_DATABASE_URL is not set');
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const db = createDatabase({ kind: 'postgres', url }, { schema, maxConnections: 4 });
  return {
    db,
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`DROP SCHEMA ${schema} CASCADE`);
      } finally {
        await c.end();
      }
    },
  };
}

export type TestApp = {
  app: App;
  db: Db;
  clock: ManualClock;
  sms: MemorySmsSender;
  config: Config;
  storage: Storage;
  search: SearchIndex;
  /** Writes content the way the back-office and the seed do (indexed). */
  content: ContentService;
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** Extra environment for loadConfig (e.g. WEB_DIST, RATE_LIMIT_IP_PER_WINDOW). */
  env?: Record<string, string>;
  /** Create the menu and the demo users (default true). */
  seed?: boolean;
  /**
   * Seed the demo content with this many reports (default: no content). Its PDFs are read and
   * its images drawn by the process's PDF worker thread, as the server does: never on the test
   * process's main thread, which would keep pdf.js's polyfilled built-ins and a second copy of
   * @napi-rs/canvas there for every later file of the process (vitest `isolate: false`).
   */
  demoReports?: number;
};

/** A migrated (and by default seeded) app on its own database, with a manual clock and an in-memory SMS adapter. */
export async function buildTestApp(kind: DbKind, options: TestAppOptions = {}): Promise<TestApp> {
  const { db, drop } = await openTestDatabase(kind);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-files-'));
  const config = loadConfig({
    WEB_DIST: join(tmpdir(), 'portal-no-web-dist'),
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEARCH_READERS: '0',
    // Counts land at once, so a test reads them right after the request (count-buffer.test.ts covers buffering).
    COUNT_FLUSH_MS: '0',
    ...options.env,
  });
  const clock = new ManualClock();
  const sms = new MemorySmsSender();
  await migrateToLatest(db);
  if (options.seed ?? true) {
    await seedDatabase(db, { demo: true, clock });
  }
  const storage = new LocalStorage(join(dataDir, 'files'));
  const search = openSearchIndex(db, { readers: config.searchReaders });
  const content = createContentService({ db, storage, search, clock });
  await loadSearchDictionary(content);
  if (options.demoReports !== undefined) {
    await seedDemoContent({
      db,
      content,
      storage,
      clock,
      reports: options.demoReports,
    });
  }
  const app = await buildApp({ config, db, clock, sms, logger: false, storage, search });
  await app.ready();
  return {
    app,
    db,
    clock,
    sms,
    config,
    storage,
    search,
    content,
    async close() {
      await app.close();
      await search.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
