import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LoginCodesTable } from '../../db/schema.ts';

export type LoginCodeRow = Selectable<LoginCodesTable>;
export type AuthRepo = ReturnType<typeof createAuthRepo>;

/** SQL for sessions and login codes (users and roles: modules/users). */
export function createAuthRepo(db: Db) {
  const k = db.kysely;
  return {
    // --- login codes -------------------------------------------------------------------------

    async countCodesSentSince(phone: string, since: number): Promise<number> {
      const row = await k
        .selectFrom('login_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('phone', '=', phone)
        .where('sent_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Records a send for `phone` unless the previous one was after `notAfter`. Atomic across
     * nodes: of two racing requests only one gets true.
     */
    async claimSendSlot(phone: string, now: number, notAfter: number): Promise<boolean> {
      const row = await k
        .insertInto('login_code_throttle')
        .values({ phone, last_sent_at: now })
        .onConflict((oc) =>
          oc
            .column('phone')
            .doUpdateSet({ last_sent_at: now })
            .where('login_code_throttle.last_sent_at', '<=', notAfter),
        )
        .returning('phone')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Gives back the send slot `claimSendSlot` took at `claimedAt`, unless a later send holds it. */
    async releaseSendSlot(phone: string, claimedAt: number): Promise<void> {
      await k
        .updateTable('login_code_throttle')
        .set({ last_sent_at: 0 })
        .where('phone', '=', phone)
        .where('last_sent_at', '=', claimedAt)
        .execute();
    },

    /** Stores a new code for `phone`, revoking every earlier one and forgetting day-old history. */
    async replaceCode(
      code: { phone: string; code_hash: string; sent_at: number; expires_at: number },
      forgetBefore: number,
    ): Promise<void> {
      await k.transaction().execute(async (tx) => {
        await tx
          .updateTable('login_codes')
          .set({ revoked_at: code.sent_at })
          .where('phone', '=', code.phone)
          .where('used_at', 'is', null)
          .where('revoked_at', 'is', null)
          .execute();
        await tx
          .deleteFrom('login_codes')
          .where('phone', '=', code.phone)
          .where('sent_at', '<', forgetBefore)
          .execute();
        await tx.insertInto('login_codes').values(code).execute();
      });
    },

    /** The phone's newest code that is neither used nor replaced. */
    currentCode(phone: string): Promise<LoginCodeRow | undefined> {
      return k
        .selectFrom('login_codes')
        .selectAll()
        .where('phone', '=', phone)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Counts a wrong try unless the code has `max` already; returns the new count, or null if it had. */
    async addWrongTry(id: number, max: number): Promise<number | null> {
      const row = await k
        .updateTable('login_codes')
        .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
        .where('id', '=', id)
        .where('wrong_tries', '<', max)
        .returning('wrong_tries')
        .executeTakeFirst();
      return row ? Number(row.wrong_tries) : null;
    },

    /** Marks the code used if it is still usable at `now`; false if another request got there first. */
    async consumeCode(id: number, now: number, maxWrongTries: number): Promise<boolean> {
      const result = await k
        .updateTable('login_codes')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('wrong_tries', '<', maxWrongTries)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    // --- sessions ----------------------------------------------------------------------------

    async createSession(session: {
      user_id: number;
      token_hash: string;
      created_at: number;
      expires_at: number;
    }): Promise<void> {
      await k.insertInto('sessions').values(session).execute();
    },

    /** Ends every live session of the user (an admin disabled the account). */
    async revokeAllSessions(userId: number, now: number): Promise<number> {
      const result = await k
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async revokeSession(tokenHash: string, now: number): Promise<void> {
      await k
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}
