import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDatabase } from '../db/seed/index.ts';
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
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
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
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** Extra environment for loadConfig (e.g. WEB_DIST, RATE_LIMIT_IP_PER_WINDOW). */
  env?: Record<string, string>;
  /** Create the menu and the demo users (default true). */
  seed?: boolean;
};

/** A migrated (and by default seeded) app on its own database, with a manual clock and an in-memory SMS adapter. */
export async function buildTestApp(kind: DbKind, options: TestAppOptions = {}): Promise<TestApp> {
  const { db, drop } = await openTestDatabase(kind);
  const config = loadConfig({
    WEB_DIST: join(tmpdir(), 'portal-no-web-dist'),
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const clock = new ManualClock();
  const sms = new MemorySmsSender();
  await migrateToLatest(db);
  if (options.seed ?? true) await seedDatabase(db, { demo: true, clock });
  const app = await buildApp({ config, db, clock, sms, logger: false });
  await app.ready();
  return {
    app,
    db,
    clock,
    sms,
    config,
    async close() {
      await app.close();
      await drop();
    },
  };
}
