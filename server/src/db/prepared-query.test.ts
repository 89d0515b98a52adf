import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases, type TestDatabase } from '../test/testApp.ts';
import { migrateToLatest } from './migrate.ts';
import { preparedQuery } from './prepared-query.ts';

describe.each(testDatabases())('prepared queries on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
    await migrateToLatest(t.db);
    const row = (id: number, views: number) => ({
      content_type: 'report',
      content_id: id,
      views,
      downloads: 0,
      favorites: 0,
      useful: 0,
      updated_at: 1,
    });
    await t.db.kysely
      .insertInto('content_stats')
      .values([row(1, 10), row(2, 20), row(3, 30)])
      .execute();
  });
  afterAll(() => t.drop());

  it('runs one compiled query with each call’s own values, next to fixed ones', async () => {
    const viewsOf = preparedQuery(t.db, (type: string, id: number) =>
      t.db.kysely
        .selectFrom('content_stats')
        .select('views')
        .where('content_type', '=', type)
        .where('content_id', '=', id)
        .where('downloads', '=', 0),
    );
    expect(await viewsOf('report', 2)).toEqual([{ views: 20 }]);
    expect(await viewsOf('report', 3)).toEqual([{ views: 30 }]);
    expect(await viewsOf('business', 3)).toEqual([]);
    // A value that looks like SQL stays a value.
    expect(await viewsOf("report' OR '1'='1", 1)).toEqual([]);
  });

  it('refuses a query that leaves an argument out (it would ignore the caller’s value)', async () => {
    const broken = preparedQuery(t.db, (_type: string, id: number) =>
      t.db.kysely.selectFrom('content_stats').select('views').where('content_id', '=', id),
    );
    await expect(broken('report', 1)).rejects.toThrow('uses 1 of its 2 arguments');
  });
});
