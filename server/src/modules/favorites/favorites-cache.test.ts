import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../db/database.ts';
import { installWriteTriggers, listenForWrites, type WriteListener } from '../../db/write-notify.ts';
import { buildTestApp, testDatabases, type TestApp } from '../../test/testApp.ts';
import { createUsers } from '../users/users.service.ts';
import { createFavoritesRepo } from './favorites.repo.ts';
import { HELD_CACHE_TABLES } from './favorites.service.ts';

/**
 * Issue 17: "a favourite flushes only that user's favourites". The held-items cache checks a
 * generation per user; these tests read those generations directly.
 */
describe.each(testDatabases())("a user's favourite write on %s", (kind) => {
  let t: TestApp;
  let alice: number;
  let bob: number;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    const users = createUsers(t.db);
    alice = (await users.idByPhone('13800000001'))!;
    bob = (await users.idByPhone('13800000002'))!;
  });
  afterAll(() => t.close());

  it("moves that user's favourites generation only, not everyone's", async () => {
    const held = t.db.generation.ofOwner(HELD_CACHE_TABLES);
    const content = t.db.generation.except(['favorite_folders', 'favorite_items']);
    const [a0, b0, c0] = [held.value(alice), held.value(bob), content.value];
    const repo = createFavoritesRepo(t.db);
    await repo.createFolder(alice, '只属于我', '', t.clock.now().getTime());
    expect(held.value(alice)).toBeGreaterThan(a0);
    expect(held.value(bob)).toBe(b0);
    // Content caches do not read favourites: a favourite empties none of them.
    expect(content.value).toBe(c0);
  });

  it('moves every user when favourites change without an owner (a cascade, a raw delete)', async () => {
    const held = t.db.generation.ofOwner(HELD_CACHE_TABLES);
    const [a0, b0] = [held.value(alice), held.value(bob)];
    await t.db.kysely.deleteFrom('favorite_folders').where('name', '=', '只属于我').execute();
    expect(held.value(alice)).toBeGreaterThan(a0);
    expect(held.value(bob)).toBeGreaterThan(b0);
  });
});

describe.skipIf(!testDatabases().includes('postgres'))(
  'favourite writes heard on another PostgreSQL node',
  () => {
    let t: TestApp;
    let other: Db;
    let listener: WriteListener;
    beforeAll(async () => {
      t = await buildTestApp('postgres');
      await installWriteTriggers(t.db);
      other = createDatabase(
        { kind: 'postgres', url: process.env.TEST_DATABASE_URL ?? '' },
        { schema: t.db.schema!, maxConnections: 2 },
      );
      listener = listenForWrites(other, process.env.TEST_DATABASE_URL ?? '', { retryMs: 50 });
      await listener.ready;
    });
    afterAll(async () => {
      await listener.close();
      await other.close();
      await t.close();
    });

    it("empties that user's cached favourites there, and nobody else's", async () => {
      const users = createUsers(t.db);
      const alice = (await users.idByPhone('13800000001'))!;
      const bob = (await users.idByPhone('13800000002'))!;
      const there = other.generation.ofOwner(HELD_CACHE_TABLES);
      const [a0, b0] = [there.value(alice), there.value(bob)];
      await createFavoritesRepo(t.db).createFolder(alice, '另一个节点看得到', '', t.clock.now().getTime());
      const until = Date.now() + 2000;
      while (there.value(alice) === a0 && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(there.value(alice)).toBeGreaterThan(a0);
      expect(there.value(bob)).toBe(b0);
    });
  },
);
