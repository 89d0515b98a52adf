import { MSG, UNSUBSCRIBE_FROM, type TUnsubscribeInfo } from '@portal/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { createUsersRepo } from '../users/users.repo.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';

export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;

/**
 * Who an unsubscribe request is for: the signed token's user (the e-mail link works logged
 * out, and wins over a session: it names the mailbox the digest went to), else the logged-in user.
 */
export function createUnsubscribeService({ db, clock, secret }: { db: Db; clock: Clock; secret: string }) {
  const k = db.kysely;
  const users = createUsersRepo(db);

  function userOf(token: string | undefined, sessionUserId: number | null): number {
    if (token !== undefined && token !== '') {
      const id = verifyUnsubscribeToken(secret, token);
      if (id === null) {
        throw AppError.badRequest(MSG.unsubscribeLinkInvalid);
      }
      return id;
    }
    if (sessionUserId !== null) {
      return sessionUserId;
    }
    throw AppError.badRequest(MSG.unsubscribeNeedsLink);
  }

  async function info(userId: number): Promise<TUnsubscribeInfo> {
    const user = await users.findById(userId);
    // A valid token of a deleted account: as invalid as a forged one.
    if (!user) {
      throw AppError.badRequest(MSG.unsubscribeLinkInvalid);
    }
    const sub = await k
      .selectFrom('user_subscriptions')
      .select('subscribed')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { email: user.email, subscribed: Number(sub?.subscribed ?? 0) === 1 ? 1 : 0 };
  }

  return {
    info: (token: string | undefined, sessionUserId: number | null) => info(userOf(token, sessionUserId)),

    /** Stops the daily digest (idempotent); `from` is stored as the unsubscribe origin. */
    async unsubscribe(
      token: string | undefined,
      sessionUserId: number | null,
      from: string,
    ): Promise<TUnsubscribeInfo> {
      const userId = userOf(token, sessionUserId);
      await info(userId);
      const now = clock.now().getTime();
      const change = {
        subscribed: 0,
        unsubscribed_at: now,
        unsubscribe_from: from || UNSUBSCRIBE_FROM.others,
        updated_at: now,
      };
      await k
        .insertInto('user_subscriptions')
        .values({ user_id: userId, company_type_id: null, industry_id: null, ...change })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(change))
        .execute();
      return info(userId);
    },
  };
}
