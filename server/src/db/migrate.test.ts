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
  'organisations',
  'reports',
  'report_pages',
  'report_companies',
  'headlines',
  'analyses',
  'materials',
  'banners',
  'banner_clicks',
  'content_stats',
  'search_misses',
  'search_docs',
];

describe.each(testDatabases())('migrations on %s', (kind) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await openTestDatabase(kind);
  });
  afterEach(() => t.drop());

  // PostgreSQL introspection lists every schema (other test files', the search bench's): keep ours.
  const tables = async () =>
    (await t.db.kysely.introspection.getTables())
      .filter((x) => t.db.schema === undefined || x.schema === t.db.schema)
      .map((x) => x.name);

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
