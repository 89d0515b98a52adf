import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.ts';
import { openTestDatabase, testDatabases, type TestDatabase } from '../../test/testApp.ts';
import { ManualClock } from '../../test/manualClock.ts';
import { seedDatabase } from './index.ts';

describe.each(testDatabases())('seed on %s', (kind) => {
  let t: TestDatabase;
  const clock = new ManualClock();
  beforeEach(async () => {
    t = await openTestDatabase(kind);
    await migrateToLatest(t.db);
  });
  afterEach(() => t.drop());

  const count = async (table: 'users' | 'user_roles' | 'menu_items') =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('fills an empty database once', async () => {
    expect(await seedDatabase(t.db, { demo: true, clock })).toEqual(['menu', 'demo users']);
    expect(await seedDatabase(t.db, { demo: true, clock })).toEqual([]);
    expect(await count('menu_items')).toBe(17);
    expect(await count('users')).toBe(2);
    expect(await count('user_roles')).toBe(3);
    const users = await t.db.kysely
      .selectFrom('users')
      .select(['phone', 'nickname', 'company_type_status', 'keyword_status'])
      .orderBy('phone')
      .execute();
    expect(users).toEqual([
      { phone: '13800000001', nickname: '演示用户', company_type_status: 1, keyword_status: 1 },
      { phone: '13800000002', nickname: '管理员', company_type_status: 1, keyword_status: 1 },
    ]);
  });

  it('with DEMO_SEED off creates the menu but no accounts', async () => {
    expect(await seedDatabase(t.db, { demo: false, clock })).toEqual(['menu']);
    expect(await count('users')).toBe(0);
  });
});
