import type { Clock } from '../platform/clock.ts';
import { createUsersRepo } from '../modules/users/users.repo.ts';
import { createNavigationRepo } from '../modules/navigation/navigation.repo.ts';
import { createSubscriptionsRepo } from '../modules/subscriptions/subscriptions.repo.ts';
import type { Db } from '../db/database.ts';
import { seedDemoActivity } from './demo-activity.ts';
import { demoUsers } from './demo-users.ts';
import { DEFAULT_MENU } from './menu.ts';
import { seedDemoSubscriptions, seedSubscriptionCatalogue } from './subscriptions.ts';

/**
 * Fills an empty database: the menu and the subscription catalogue always (the shell and
 * onboarding need them), the demo accounts — already onboarded — when `demo` is on and there
 * are no users yet. Running it again changes nothing. Returns what it did.
 */
export async function seedDatabase(db: Db, options: { demo: boolean; clock: Clock }): Promise<string[]> {
  const done: string[] = [];
  const navigation = createNavigationRepo(db);
  if ((await navigation.countMenu()) === 0) {
    await navigation.insertMenu(DEFAULT_MENU);
    done.push('menu');
  }
  const subscriptions = createSubscriptionsRepo(db);
  if (await seedSubscriptionCatalogue(subscriptions)) {
    done.push('subscription catalogue');
  }
  const users = createUsersRepo(db);
  if (options.demo && (await users.countUsers()) === 0) {
    const seeded = [];
    for (const user of demoUsers(options.clock.now().getTime())) {
      seeded.push(await users.ensureUser(user));
    }
    await seedDemoSubscriptions(subscriptions, seeded, options.clock.now().getTime());
    // Demo data: a month of made-up activity for 数据统计 (seed/demo-activity.ts).
    const ids = seeded.map((u) => u.id);
    await seedDemoActivity(db, ids, options.clock.now().getTime());
    done.push('demo users');
  }
  return done;
}
