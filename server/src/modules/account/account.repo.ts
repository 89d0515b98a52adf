import type { Db } from '../../db/database.ts';

export type AccountRepo = ReturnType<typeof createAccountRepo>;

/** A unique-constraint violation on either database (PostgreSQL 23505, SQLite "UNIQUE constraint failed"). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return (
    e?.code === '23505' || (typeof e?.message === 'string' && e.message.includes('UNIQUE constraint failed'))
  );
}

/** SQL for the signed-in user's own profile row; every statement is scoped by the user id. */
export function createAccountRepo(db: Db) {
  const k = db.kysely;
  return {
    profile(userId: number) {
      return k
        .selectFrom('users')
        .select(['phone', 'nickname', 'avatar', 'email'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    async setNickname(userId: number, nickname: string): Promise<void> {
      await k.updateTable('users').set({ nickname }).where('id', '=', userId).execute();
    },

    /** Sets the avatar URL and returns the one it replaced. */
    async setAvatar(userId: number, avatar: string): Promise<string> {
      return k.transaction().execute(async (tx) => {
        const before = await tx
          .selectFrom('users')
          .select('avatar')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow();
        await tx.updateTable('users').set({ avatar }).where('id', '=', userId).execute();
        return before.avatar;
      });
    },

    /** The id of the user who has `phone`, if any. */
    async userIdByPhone(phone: string): Promise<number | undefined> {
      return (await k.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst())?.id;
    },

    /** Moves the user to `phone`; false when another account holds it (also under a race). */
    async setPhone(userId: number, phone: string): Promise<boolean> {
      try {
        await k.updateTable('users').set({ phone }).where('id', '=', userId).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) {
          return false;
        }
        throw error;
      }
    },
  };
}
