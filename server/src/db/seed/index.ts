import type { Clock } from '../../platform/clock.ts';
import { createAuthRepo } from '../../modules/auth/auth.repo.ts';
import { createNavigationRepo } from '../../modules/navigation/navigation.repo.ts';
import type { Db } from '../database.ts';
import { demoUsers } from './demo-users.ts';
import { DEFAULT_MENU } from './menu.ts';

/**
 * Fills an empty database: the menu always (the shell needs it), the demo accounts when `demo`
 * is on and there are no users yet. Running it again changes nothing. Returns what it did.
 */
export async function seedDatabase(db: Db, options: { demo: boolean; clock: Clock }): Promise<string[]> {
  const done: string[] = [];
  const navigation = createNavigationRepo(db);
  if ((await navigation.countMenu()) === 0) {
    await navigation.insertMenu(DEFAULT_MENU);
    done.push('menu');
  }
  const auth = createAuthRepo(db);
  if (options.demo && (await auth.countUsers()) === 0) {
    for (const user of demoUsers(options.clock.now().getTime())) await auth.ensureUser(user);
    done.push('demo users');
  }
  return done;
}
