import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from './database.ts';
import { withSetupLock } from './setup-lock.ts';
import { openTestDatabase, testDatabases } from '../test/testApp.ts';

/** Two setups that each take a while; returns their [start, end] intervals. */
async function twoSetups(run: (setup: () => Promise<[number, number]>) => Promise<[number, number]>) {
  const setup = async (): Promise<[number, number]> => {
    const start = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 150));
    return [start, performance.now()];
  };
  return Promise.all([run(setup), run(setup)]);
}

const overlap = ([a, b]: [number, number][]) => a![0] < b![1] && b![0] < a![1];

describe('withSetupLock', () => {
  let dir = '';
  afterEach(() => {
    if (dir) {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets one SQLite setup run at a time and removes its lock file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'setup-lock-'));
    const db = createDatabase({ kind: 'sqlite', file: join(dir, 'portal.db') });
    const lock = join(dir, 'portal.db.setup-lock');
    const intervals = await twoSetups((setup) => withSetupLock(db, lock, setup));
    expect(overlap(intervals)).toBe(false);
    expect(existsSync(lock)).toBe(false);
    await db.close();
  });

  it('takes over a lock file left by a process that no longer runs', async () => {
    dir = mkdtempSync(join(tmpdir(), 'setup-lock-'));
    const db = createDatabase({ kind: 'sqlite', file: join(dir, 'portal.db') });
    const lock = join(dir, 'portal.db.setup-lock');
    writeFileSync(lock, '999999999');
    expect(await withSetupLock(db, lock, () => Promise.resolve('ran'))).toBe('ran');
    await db.close();
  });

  it.runIf(testDatabases().includes('postgres'))(
    'lets one PostgreSQL setup per schema run at a time',
    async () => {
      const first = await openTestDatabase('postgres');
      // A second handle on the same schema: another server process.
      const second = createDatabase(
        { kind: 'postgres', url: process.env.TEST_DATABASE_URL ?? '' },
        { schema: first.db.schema, maxConnections: 2 },
      );
      try {
        const handles = [first.db, second];
        let next = 0;
        const intervals = await twoSetups((setup) => withSetupLock(handles[next++ % 2]!, null, setup));
        expect(overlap(intervals)).toBe(false);
      } finally {
        await second.close();
        await first.drop();
      }
    },
  );
});
