import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { openTestDatabase, testDatabases, type TestDatabase } from '../../test/testApp.ts';
import { READY_MESSAGES } from './health.routes.ts';
import { createReadiness } from './readiness.ts';

describe.each(testDatabases())('health and readiness on %s', (kind) => {
  let database: TestDatabase;
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent-web-dist', SEARCH_READERS: '0' });
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await migrateToLatest(database.db);
  });
  afterAll(() => database.drop());

  it('is alive at once, ready once set-up has finished, not ready once stopping', async () => {
    const readiness = createReadiness();
    const app = await buildApp({ config, db: database.db, logger: false, readiness });
    try {
      const alive = await app.inject({ method: 'GET', url: '/api/health' });
      expect(alive.statusCode).toBe(200);
      expect(alive.json()).toEqual({ code: 0, message: 'success', data: { status: 'ok', database: kind } });
      const starting = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(starting.statusCode).toBe(503);
      expect(starting.json()).toEqual({ code: -1, message: READY_MESSAGES.starting, data: null });

      readiness.markReady();
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        code: 0,
        message: 'success',
        data: { status: 'ready', database: kind },
      });

      // Shutting down: still alive while in-flight requests drain, no longer ready for new ones.
      readiness.markStopping();
      const stopping = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(stopping.statusCode).toBe(503);
      expect(stopping.json()).toEqual({ code: -1, message: READY_MESSAGES.stopping, data: null });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('stays alive but not ready while the database cannot be reached', async () => {
    const lost = await openTestDatabase(kind);
    await migrateToLatest(lost.db);
    const app = await buildApp({ config, db: lost.db, logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      await lost.db.close();
      const alive = await app.inject({ method: 'GET', url: '/api/health' });
      expect(alive.statusCode).toBe(200);
      const down = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ code: -1, message: READY_MESSAGES.databaseDown, data: null });
    } finally {
      await app.close();
      await lost.drop().catch(() => undefined);
    }
  });
});
