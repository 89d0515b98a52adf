import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Database, UsersTable } from '../../db/schema.ts';

export type UserRow = Selectable<UsersTable>;
export type NewUser = Omit<Insertable<UsersTable>, 'id'> & { roles: readonly number[] };
export type UsersRepo = ReturnType<typeof createUsersRepo>;
/** The connection or the caller's open transaction: other modules write users inside their own transactions. */
export type Executor = Kysely<Database>;

/** A unique-constraint violation on either database (PostgreSQL 23505, SQLite "UNIQUE constraint failed"). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return (
    e?.code === '23505' || (typeof e?.message === 'string' && e.message.includes('UNIQUE constraint failed'))
  );
}

/** Every statement on `users` and `user_roles` (issue 17: one owner for the users table). */
export function createUsersRepo(db: Db) {
  const k = db.kysely;
  const roleList =
    db.dialect === 'postgres'
      ? sql<
          string | null
        >`(SELECT string_agg(role::text, ',') FROM user_roles WHERE user_roles.user_id = users.id)`
      : sql<string | null>`(SELECT group_concat(role) FROM user_roles WHERE user_roles.user_id = users.id)`;
  // Every authenticated request runs this: prepared once.
  const liveSession = preparedQuery(db, (tokenHash: string, now: number) =>
    k
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select([roleList.as('role_list'), 'sessions.expires_at'])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now)
      // A disabled user has no live session, even in the instant before their sessions are revoked.
      .where('users.status', '=', 1),
  );
  const rolesFromList = (list: string | null): number[] =>
    list
      ? list
          .split(',')
          .map(Number)
          .sort((a, b) => a - b)
      : [];

  return {
    roleList,
    rolesFromList,

    findByPhone(phone: string): Promise<UserRow | undefined> {
      return k.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
    },

    findById(id: number): Promise<UserRow | undefined> {
      return k.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Users by id, for lists that name people (grants). */
    async findByIds(ids: readonly number[]): Promise<Map<number, UserRow>> {
      if (ids.length === 0) {
        return new Map();
      }
      const rows = await k
        .selectFrom('users')
        .selectAll()
        .where('id', 'in', [...ids])
        .execute();
      return new Map(rows.map((r) => [r.id, r]));
    },

    async countUsers(): Promise<number> {
      const row = await k
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Creates the user with its roles; if the phone exists already, leaves it as it is. Returns the user. */
    async ensureUser({ roles, ...user }: NewUser): Promise<UserRow> {
      return k.transaction().execute(async (tx) => {
        const inserted = await tx
          .insertInto('users')
          .values(user)
          .onConflict((oc) => oc.column('phone').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted && roles.length > 0) {
          await tx
            .insertInto('user_roles')
            .values(roles.map((role) => ({ user_id: inserted.id, role })))
            .execute();
        }
        return tx.selectFrom('users').selectAll().where('phone', '=', user.phone).executeTakeFirstOrThrow();
      });
    },

    async rolesOf(userId: number): Promise<number[]> {
      const rows = await k
        .selectFrom('user_roles')
        .select('role')
        .where('user_id', '=', userId)
        .orderBy('role')
        .execute();
      return rows.map((r) => Number(r.role));
    },

    /** Replaces the user's roles in one transaction. */
    async setRoles(userId: number, roles: readonly number[]): Promise<void> {
      await k.transaction().execute(async (tx) => {
        await tx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
        await tx
          .insertInto('user_roles')
          .values(roles.map((role) => ({ user_id: userId, role })))
          .execute();
      });
    },

    async recordLogin(userId: number, at: number): Promise<void> {
      await k.updateTable('users').set({ last_login_at: at }).where('id', '=', userId).execute();
    },

    /**
     * Marks the user active at `at` unless already marked since `notBefore`: at most one row
     * change per user and window, none when another request or node got there first.
     */
    async touchActive(userId: number, at: number, notBefore: number): Promise<void> {
      await k
        .updateTable('users')
        .set({ last_active_at: at })
        .where('id', '=', userId)
        .where((eb) => eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<', notBefore)]))
        .execute();
    },

    /** The user of a live session (not revoked, not expired at `now`, user not disabled) with their roles. */
    async sessionUser(
      tokenHash: string,
      now: number,
    ): Promise<{ user: UserRow; roles: number[]; expiresAt: number } | undefined> {
      const [row] = await liveSession(tokenHash, now);
      if (!row) {
        return undefined;
      }
      const { role_list, expires_at, ...user } = row;
      return { user, roles: rolesFromList(role_list), expiresAt: Number(expires_at) };
    },

    // --- profile -----------------------------------------------------------------------------

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
    async idByPhone(phone: string): Promise<number | undefined> {
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

    async emailOf(userId: number): Promise<string> {
      const row = await k.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
      return row?.email ?? '';
    },

    /** Sets the receiving address, inside the caller's transaction when given one. */
    async setEmail(userId: number, email: string, ex: Executor = k): Promise<void> {
      await ex.updateTable('users').set({ email }).where('id', '=', userId).execute();
    },

    /** The onboarding flags, read fresh (the session's copy may predate onboarding). */
    async onboardingFlags(userId: number): Promise<{ companyType: number; keywords: number }> {
      const row = await k
        .selectFrom('users')
        .select(['company_type_status', 'keyword_status'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return {
        companyType: Number(row?.company_type_status ?? 0),
        keywords: Number(row?.keyword_status ?? 0),
      };
    },

    /** Onboarding step 1 done, inside the caller's transaction. */
    async markCompanyTypeChosen(userId: number, ex: Executor = k): Promise<void> {
      await ex.updateTable('users').set({ company_type_status: 1 }).where('id', '=', userId).execute();
    },

    /** Whole subscription saved: address and both onboarding flags, inside the caller's transaction. */
    async markOnboarded(userId: number, email: string, ex: Executor = k): Promise<void> {
      await ex
        .updateTable('users')
        .set({ email, company_type_status: 1, keyword_status: 1 })
        .where('id', '=', userId)
        .execute();
    },

    // --- back-office -------------------------------------------------------------------------

    /** One page of users, newest first; `keyword` matches part of the phone or the nickname. */
    async search(q: UserSearch): Promise<{ rows: (UserRow & { roles: number[] })[]; total: number }> {
      let base = k.selectFrom('users');
      if (q.keyword) {
        const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        base = base.where((eb) =>
          eb.or([
            eb('phone', 'like', sql<string>`${like} ESCAPE '\\'`),
            eb('nickname', 'like', sql<string>`${like} ESCAPE '\\'`),
          ]),
        );
      }
      if (q.role !== undefined) {
        const role = q.role;
        base = base.where((eb) =>
          eb.exists(
            eb
              .selectFrom('user_roles')
              .select('user_roles.user_id')
              .whereRef('user_roles.user_id', '=', 'users.id')
              .where('user_roles.role', '=', role),
          ),
        );
      }
      if (q.status !== undefined) {
        base = base.where('status', '=', q.status);
      }
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        base
          .selectAll('users')
          .select(roleList.as('role_list'))
          .orderBy('id', 'desc')
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize)
          .execute(),
      ]);
      return {
        total: Number(count.n),
        rows: rows.map(({ role_list, ...user }) => ({ ...user, roles: rolesFromList(role_list) })),
      };
    },

    async setOrganDetailMenu(userId: number, value: number): Promise<void> {
      await k.updateTable('users').set({ organ_detail_menu: value }).where('id', '=', userId).execute();
    },

    /** Disables (`disabledAt` set) or re-enables (null) the account. */
    async setDisabled(userId: number, disabledAt: number | null): Promise<void> {
      await k
        .updateTable('users')
        .set({ status: disabledAt === null ? 1 : 0, disabled_at: disabledAt })
        .where('id', '=', userId)
        .execute();
    },

    /** Whether the account of `phone` is disabled (false when there is none yet). */
    async isPhoneDisabled(phone: string): Promise<boolean> {
      const row = await k.selectFrom('users').select('status').where('phone', '=', phone).executeTakeFirst();
      return row !== undefined && Number(row.status) === 0;
    },
  };
}

export type UserSearch = {
  keyword?: string | undefined;
  role?: number | undefined;
  status?: number | undefined;
  page: number;
  pageSize: number;
};
