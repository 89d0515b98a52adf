import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrate.ts';
import { openTestDatabase, testDatabases, type TestDatabase } from '../test/testApp.ts';
import { ManualClock } from '../test/manualClock.ts';
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
    expect(await seedDatabase(t.db, { demo: true, clock })).toEqual([
      'menu',
      'subscription catalogue',
      'demo users',
    ]);
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

  it('onboards the demo accounts: company type, keywords and an e-mail', async () => {
    await seedDatabase(t.db, { demo: true, clock });
    const k = t.db.kysely;
    const user = await k
      .selectFrom('users')
      .select(['id', 'email'])
      .where('phone', '=', '13800000001')
      .executeTakeFirstOrThrow();
    expect(user.email).toBe('user1@example.com');
    const sub = await k
      .selectFrom('user_subscriptions')
      .innerJoin('company_types', 'company_types.id', 'user_subscriptions.company_type_id')
      .innerJoin('industries', 'industries.id', 'user_subscriptions.industry_id')
      .select(['company_types.name as type', 'industries.name as industry', 'subscribed'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(sub).toEqual({ type: '品牌方', industry: '新能源', subscribed: 1 });
    const keywords = await k
      .selectFrom('user_keywords')
      .select('keyword')
      .where('user_id', '=', user.id)
      .orderBy('sort')
      .execute();
    expect(keywords.map((r) => r.keyword)).toEqual([
      '新能源汽车',
      '动力电池',
      '跨境电商',
      '人工智能大模型',
      '咖啡茶饮',
    ]);
    const catalogue = await k.selectFrom('subscription_keywords').select('keyword').execute();
    expect(catalogue.length).toBe(30);
  });

  it('with DEMO_SEED off creates the menu but no accounts', async () => {
    expect(await seedDatabase(t.db, { demo: false, clock })).toEqual(['menu', 'subscription catalogue']);
    expect(await count('users')).toBe(0);
  });
});
