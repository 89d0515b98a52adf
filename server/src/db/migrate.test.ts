import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateAllDown, migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import { openTestDatabase, testDatabases, type TestDatabase } from '../test/testApp.ts';

const OUR_TABLES = [
  'users',
  'user_roles',
  'sessions',
  'login_codes',
  'login_code_throttle',
  'rate_counters',
  'menu_items',
];

describe.each(testDatabases())('migrations on %s', (kind) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await openTestDatabase(kind);
  });
  afterEach(() => t.drop());

  const tables = async () => (await t.db.kysely.introspection.getTables()).map((x) => x.name);

  it('go up, all the way down, and up again', async () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());

    expect(await migrateToLatest(t.db)).toEqual(names.map((n) => `applied ${n}`));
    expect(await tables()).toEqual(expect.arrayContaining(OUR_TABLES));
    expect(await migrateToLatest(t.db)).toEqual([]);

    expect(await migrateAllDown(t.db)).toEqual([...names].reverse().map((n) => `reverted ${n}`));
    expect(await tables()).toEqual([]);

    expect(await migrateToLatest(t.db)).toHaveLength(names.length);
    expect(await tables()).toEqual(expect.arrayContaining(OUR_TABLES));
  });

  it('auto-increment ids work on both dialects', async () => {
    await migrateToLatest(t.db);
    const insert = (key: string) =>
      t.db.kysely
        .insertInto('menu_items')
        .values({ parent_id: null, key, title: key, path: `/${key}`, icon: null, sort_order: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
    const a = await insert('a');
    const b = await insert('b');
    expect(b.id).toBe(a.id + 1);
  });
});
