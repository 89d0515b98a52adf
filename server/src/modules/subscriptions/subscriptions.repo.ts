import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { UserKeywordsTable, UserSubscriptionsTable } from '../../db/schema.ts';
import { createUsersRepo } from '../users/users.repo.ts';

export type SubscriptionsRepo = ReturnType<typeof createSubscriptionsRepo>;
export type UserKeywordRow = Selectable<UserKeywordsTable>;
export type UserSubscriptionRow = Selectable<UserSubscriptionsTable>;

export type CompanyTypeRow = {
  id: number;
  name: string;
  requiresIndustry: boolean;
  industries: { id: number; name: string }[];
};

/** A keyword as it is saved: `custom` when it is not in the recommended catalogue. */
export type SavedKeyword = { keyword: string; custom: boolean };

export type SubscriptionChange = {
  companyTypeId: number;
  industryId: number | null;
  email: string;
  keywords: readonly SavedKeyword[];
};

/** SQL for the catalogue (company types, industries, recommended keywords) and users' subscriptions. */
export function createSubscriptionsRepo(db: Db) {
  const k = db.kysely;
  // The users row's onboarding flags and address are the users module's; written in our transactions.
  const users = createUsersRepo(db);

  /** Creates or updates the user's subscription row with `values`. */
  async function upsertSubscription(
    tx: typeof k,
    userId: number,
    values: {
      company_type_id: number;
      industry_id: number | null;
      updated_at: number;
      subscribed?: number;
      unsubscribed_at?: null;
    },
  ): Promise<void> {
    await tx
      .insertInto('user_subscriptions')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }

  return {
    // --- catalogue ---------------------------------------------------------------------------

    async countCompanyTypes(): Promise<number> {
      const row = await k
        .selectFrom('company_types')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Writes a catalogue in the given order (the seed; admins will edit it later). */
    async insertCatalogue(
      types: readonly { name: string; industries: readonly string[] }[],
      keywords: readonly string[],
    ): Promise<void> {
      await k.transaction().execute(async (tx) => {
        for (const [sort, type] of types.entries()) {
          const row = await tx
            .insertInto('company_types')
            .values({ name: type.name, requires_industry: type.industries.length > 0 ? 1 : 0, sort })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (type.industries.length > 0) {
            await tx
              .insertInto('industries')
              .values(type.industries.map((name, i) => ({ company_type_id: row.id, name, sort: i })))
              .execute();
          }
        }
        if (keywords.length > 0) {
          await tx
            .insertInto('subscription_keywords')
            .values(keywords.map((keyword, sort) => ({ keyword, sort })))
            .execute();
        }
      });
    },

    /** Every company type with its industries, in display order. */
    async companyTypes(): Promise<CompanyTypeRow[]> {
      const types = await k
        .selectFrom('company_types')
        .select(['id', 'name', 'requires_industry'])
        .orderBy('sort')
        .orderBy('id')
        .execute();
      const industries = await k
        .selectFrom('industries')
        .select(['id', 'company_type_id', 'name'])
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return types.map((t) => ({
        id: t.id,
        name: t.name,
        requiresIndustry: Number(t.requires_industry) === 1,
        industries: industries
          .filter((i) => i.company_type_id === t.id)
          .map((i) => ({ id: i.id, name: i.name })),
      }));
    },

    /** The enabled recommended keywords, in display order. */
    async catalogueKeywords(): Promise<string[]> {
      const rows = await k
        .selectFrom('subscription_keywords')
        .select('keyword')
        .where('enabled', '=', 1)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return rows.map((r) => r.keyword);
    },

    /** Recommended and custom keywords (the segmenter's user words). */
    async allKeywords(): Promise<string[]> {
      const catalogue = await k.selectFrom('subscription_keywords').select('keyword').execute();
      const custom = await k
        .selectFrom('user_keywords')
        .select('keyword')
        .distinct()
        .where('custom', '=', 1)
        .execute();
      return [...new Set([...catalogue, ...custom].map((r) => r.keyword))];
    },

    // --- one user's subscription -------------------------------------------------------------

    subscriptionOf(userId: number): Promise<UserSubscriptionRow | undefined> {
      return k.selectFrom('user_subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    keywordsOf(userId: number): Promise<UserKeywordRow[]> {
      return k
        .selectFrom('user_keywords')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('sort')
        .orderBy('keyword')
        .execute();
    },

    /** Onboarding step 1: the company type (and industry), and the user's company-type flag. */
    async saveCompanyType(userId: number, companyTypeId: number, industryId: number | null, now: number) {
      await k.transaction().execute(async (tx) => {
        await upsertSubscription(tx, userId, {
          company_type_id: companyTypeId,
          industry_id: industryId,
          updated_at: now,
        });
        await users.markCompanyTypeChosen(userId, tx);
      });
    },

    /**
     * Saves the whole subscription at once: company type, e-mail and the keyword list (kept
     * keywords keep their sidebar shown/hidden state; new ones are shown), and marks the user
     * onboarded.
     */
    async saveSubscription(userId: number, change: SubscriptionChange, now: number): Promise<void> {
      await k.transaction().execute(async (tx) => {
        const before = await tx
          .selectFrom('user_keywords')
          .select(['keyword', 'shown', 'created_at', 'muted_at'])
          .where('user_id', '=', userId)
          .execute();
        const kept = new Map(before.map((r) => [r.keyword, r]));
        // Saving the settings is how an unsubscribed user subscribes again: the unsubscribe page
        // says so, and /keyword_setting says it before the save.
        await upsertSubscription(tx, userId, {
          company_type_id: change.companyTypeId,
          industry_id: change.industryId,
          updated_at: now,
          subscribed: 1,
          unsubscribed_at: null,
        });
        await tx.deleteFrom('user_keywords').where('user_id', '=', userId).execute();
        await tx
          .insertInto('user_keywords')
          .values(
            change.keywords.map((k, sort) => ({
              user_id: userId,
              keyword: k.keyword,
              custom: k.custom ? 1 : 0,
              shown: kept.get(k.keyword)?.shown ?? 1,
              // A keyword muted from the e-mail stays muted until undone on /keyword_setting.
              muted_at: kept.get(k.keyword)?.muted_at ?? null,
              sort,
              created_at: kept.get(k.keyword)?.created_at ?? now,
            })),
          )
          .execute();
        await users.markOnboarded(userId, change.email, tx);
      });
    },

    /** The digest's 不再接收 (a time) and its undo (null); false when the user has no such keyword. */
    async setMutedAt(userId: number, keyword: string, mutedAt: number | null): Promise<boolean> {
      const result = await k
        .updateTable('user_keywords')
        .set({ muted_at: mutedAt })
        .where('user_id', '=', userId)
        .where('keyword', '=', keyword)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The /headlines sidebar toggle; false when the user has no such keyword. */
    async setShown(userId: number, keyword: string, shown: boolean): Promise<boolean> {
      const result = await k
        .updateTable('user_keywords')
        .set({ shown: shown ? 1 : 0 })
        .where('user_id', '=', userId)
        .where('keyword', '=', keyword)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
