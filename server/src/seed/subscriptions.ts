import type { SubscriptionsRepo } from '../modules/subscriptions/subscriptions.repo.ts';
import { DEMO_ADMIN_PHONE, DEMO_USER_PHONE } from './demo-users.ts';
import {
  DEMO_SUBSCRIPTION,
  SEED_COMPANY_TYPES,
  SEED_KEYWORDS,
} from '../modules/subscriptions/subscription-catalogue.ts';

/** The demo accounts' receiving addresses (the outbox shows their digests). */
export const DEMO_EMAILS: Readonly<Record<string, string>> = {
  [DEMO_USER_PHONE]: 'user1@example.com',
  [DEMO_ADMIN_PHONE]: 'admin@example.com',
};

/** Writes the seed catalogue into an empty catalogue; true when it did. */
export async function seedSubscriptionCatalogue(repo: SubscriptionsRepo): Promise<boolean> {
  if ((await repo.countCompanyTypes()) > 0) {
    return false;
  }
  await repo.insertCatalogue(SEED_COMPANY_TYPES, SEED_KEYWORDS);
  return true;
}

/**
 * Onboards the demo accounts (company type, industry, keywords, e-mail) so that logging in
 * with them opens the portal; a freshly registered phone goes through onboarding instead.
 */
export async function seedDemoSubscriptions(
  repo: SubscriptionsRepo,
  users: readonly { id: number; phone: string }[],
  now: number,
): Promise<void> {
  const types = await repo.companyTypes();
  const type = types.find((t) => t.name === DEMO_SUBSCRIPTION.companyType);
  // An admin may have renamed the catalogue before the demo accounts exist: leave them un-onboarded.
  if (!type) {
    return;
  }
  const industry = type.industries.find((i) => i.name === DEMO_SUBSCRIPTION.industry) ?? null;
  for (const user of users) {
    await repo.saveSubscription(
      user.id,
      {
        companyTypeId: type.id,
        industryId: industry?.id ?? null,
        email: DEMO_EMAILS[user.phone] ?? '',
        keywords: DEMO_SUBSCRIPTION.keywords.map((keyword) => ({ keyword, custom: false })),
      },
      now,
    );
  }
}
