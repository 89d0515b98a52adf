import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateAllDown, migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import { schemaIntrospector } from './schema-introspector.ts';
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

  // Our tables, without Kysely's bookkeeping ones. On PostgreSQL only our schema's catalogue is
  // read: Kysely's introspector reads every schema's columns, and failed with "schema … does not
  // exist" when another test file dropped its schema meanwhile (a CI run, 2026-12-02).
  const tables = async () => {
    const schema = t.db.schema;
    const query = schema
      ? sql<{ name: string }>`SELECT tablename AS name FROM pg_catalog.pg_tables WHERE schemaname = ${schema}`
      : sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type IN ('table', 'view')`;
    const { rows } = await query.execute(t.db.kysely);
    return rows.map((r) => r.name).filter((name) => !/^(kysely_migration|sqlite_)/.test(name));
  };

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

describe.skipIf(!testDatabases().includes('postgres'))('the migrator on PostgreSQL', () => {
  let t: TestDatabase;
  let other: TestDatabase;
  beforeEach(async () => {
    [t, other] = [await openTestDatabase('postgres'), await openTestDatabase('postgres')];
  });
  afterEach(async () => {
    await Promise.all([t.drop(), other.drop()]);
  });

  it("reads only its own schema's catalogue while another schema changes", async () => {
    const introspector = schemaIntrospector(t.db.kysely, t.db.schema);
    await sql`CREATE TABLE ${sql.id(other.db.schema!, 'elsewhere')} (id serial PRIMARY KEY)`.execute(
      other.db.kysely,
    );
    // Another app's schema comes and goes while this one migrates up and down.
    let churning = true;
    const churn = (async () => {
      for (let i = 0; churning; i++) {
        await sql`CREATE TABLE ${sql.id(other.db.schema!, `t${i}`)} (id serial PRIMARY KEY, v text)`.execute(
          other.db.kysely,
        );
        await sql`DROP TABLE ${sql.id(other.db.schema!, `t${i}`)}`.execute(other.db.kysely);
      }
    })();
    try {
      expect((await migrateToLatest(t.db)).length).toBe(Object.keys(migrations).length);
      const names = (await introspector.getTables()).map((table) => table.name);
      expect(names).toContain('reports');
      expect(names).toContain('kysely_migration');
      expect(names).not.toContain('elsewhere');
      expect((await introspector.getTables()).every((table) => table.schema === t.db.schema)).toBe(true);
      expect((await migrateAllDown(t.db)).length).toBe(Object.keys(migrations).length);
    } finally {
      churning = false;
      await churn;
    }
  });
});
