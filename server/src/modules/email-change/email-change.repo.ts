import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { EmailCodesTable } from '../../db/schema.ts';
import { createUsersRepo } from '../users/users.repo.ts';

export type EmailCodeRow = Selectable<EmailCodesTable>;
export type EmailChangeRepo = ReturnType<typeof createEmailChangeRepo>;

/** SQL for e-mail change codes: like the login codes, but per user and bound to an address. */
export function createEmailChangeRepo(db: Db) {
  const k = db.kysely;
  // The address is the users module's column, set in the same transaction that uses the code.
  const users = createUsersRepo(db);
  return {
    async countCodesSentSince(userId: number, since: number): Promise<number> {
      const row = await k
        .selectFrom('email_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('sent_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Records a send unless the previous one was after `notAfter`; atomic, so of two racing requests one wins. */
    async claimSendSlot(userId: number, now: number, notAfter: number): Promise<boolean> {
      const row = await k
        .insertInto('email_code_throttle')
        .values({ user_id: userId, last_sent_at: now })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet({ last_sent_at: now })
            .where('email_code_throttle.last_sent_at', '<=', notAfter),
        )
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Stores a new code, revoking the user's earlier ones and forgetting day-old history. */
    async replaceCode(
      code: { user_id: number; email: string; code_hash: string; sent_at: number; expires_at: number },
      forgetBefore: number,
    ): Promise<void> {
      await k.transaction().execute(async (tx) => {
        await tx
          .updateTable('email_codes')
          .set({ revoked_at: code.sent_at })
          .where('user_id', '=', code.user_id)
          .where('used_at', 'is', null)
          .where('revoked_at', 'is', null)
          .execute();
        await tx
          .deleteFrom('email_codes')
          .where('user_id', '=', code.user_id)
          .where('sent_at', '<', forgetBefore)
          .execute();
        await tx.insertInto('email_codes').values(code).execute();
      });
    },

    /** The user's newest code that is neither used nor replaced. */
    currentCode(userId: number): Promise<EmailCodeRow | undefined> {
      return k
        .selectFrom('email_codes')
        .selectAll()
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Counts a wrong try unless the code has `max` already; the new count, or null if it had. */
    async addWrongTry(id: number, max: number): Promise<number | null> {
      const row = await k
        .updateTable('email_codes')
        .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
        .where('id', '=', id)
        .where('wrong_tries', '<', max)
        .returning('wrong_tries')
        .executeTakeFirst();
      return row ? Number(row.wrong_tries) : null;
    },

    /** Uses the code and sets the address in one transaction; false if the code was no longer usable. */
    async consumeAndSetEmail(id: number, userId: number, email: string, now: number, maxWrongTries: number) {
      return k.transaction().execute(async (tx) => {
        const used = await tx
          .updateTable('email_codes')
          .set({ used_at: now })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .where('revoked_at', 'is', null)
          .where('wrong_tries', '<', maxWrongTries)
          .where('expires_at', '>', now)
          .executeTakeFirst();
        if (used.numUpdatedRows !== 1n) {
          return false;
        }
        await users.setEmail(userId, email, tx);
        return true;
      });
    },
  };
}
