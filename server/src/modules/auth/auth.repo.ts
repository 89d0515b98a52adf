import type { Db } from '../../db/database.ts';
import { createCodeStore, LOGIN_CODES } from '../verification-codes/code-store.ts';

export type AuthRepo = ReturnType<typeof createAuthRepo>;

/** SQL for sessions (users and roles: modules/users); login codes through the shared code store. */
export function createAuthRepo(db: Db) {
  const k = db.kysely;
  return {
    /** SMS login codes by phone (modules/verification-codes). */
    codes: createCodeStore(db, LOGIN_CODES),

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
