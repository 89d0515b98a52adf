import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/**
 * Where one kind of code lives: its table (one row per code sent), the column naming whom it
 * was sent for, and the one-row-per-owner table that gates the resend interval. Each flow keeps
 * its own tables; only the logic on them is shared.
 */
export type CodeKind<Owner extends string | number> = {
  codes: string;
  throttle: string;
  owner: string;
  /** Type tag only: the owner column's type. */
  readonly ownerType?: Owner;
};

/** SMS login codes, by phone (GET /api/sendCode; login, phone change and binding use them). */
export const LOGIN_CODES: CodeKind<string> = {
  codes: 'login_codes',
  throttle: 'login_code_throttle',
  owner: 'phone',
};

/** E-mail change codes, by user; each row also holds the address the code was mailed to. */
export const EMAIL_CODES: CodeKind<number> = {
  codes: 'email_codes',
  throttle: 'email_code_throttle',
  owner: 'user_id',
};

/** The columns every kind of code has (db/schema.ts LoginCodesTable, EmailCodesTable). */
export type CodeRow = {
  id: number;
  code_hash: string;
  sent_at: number;
  expires_at: number;
  wrong_tries: number;
  used_at: number | null;
  revoked_at: number | null;
};

export type NewCode = { code_hash: string; sent_at: number; expires_at: number } & Record<string, unknown>;
export type CodeStore<Owner extends string | number> = ReturnType<typeof createCodeStore<Owner>>;
// The kind's table and column names are chosen at run time, so the builder is untyped here; every
// statement below names only the columns of CodeRow, which both kinds' tables have.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Every statement on one kind of verification code (issue 17: one store for SMS and e-mail codes). */
export function createCodeStore<Owner extends string | number>(db: Db, kind: CodeKind<Owner>) {
  const k = db.kysely as unknown as AnyDb;
  const { codes, throttle, owner: ownerColumn } = kind;
  return {
    async countSentSince(owner: Owner, since: number): Promise<number> {
      const row = await k
        .selectFrom(codes)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(ownerColumn, '=', owner)
        .where('sent_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Records a send for `owner` unless the previous one was after `notAfter`. Atomic across
     * nodes: of two racing requests only one gets true.
     */
    async claimSendSlot(owner: Owner, now: number, notAfter: number): Promise<boolean> {
      const row = await k
        .insertInto(throttle)
        .values({ [ownerColumn]: owner, last_sent_at: now })
        .onConflict((oc) =>
          oc
            .column(ownerColumn)
            .doUpdateSet({ last_sent_at: now })
            .where(`${throttle}.last_sent_at`, '<=', notAfter),
        )
        .returning(ownerColumn)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Gives back the send slot `claimSendSlot` took at `claimedAt`, unless a later send holds it. */
    async releaseSendSlot(owner: Owner, claimedAt: number): Promise<void> {
      await k
        .updateTable(throttle)
        .set({ last_sent_at: 0 })
        .where(ownerColumn, '=', owner)
        .where('last_sent_at', '=', claimedAt)
        .execute();
    },

    /** Stores a new code for `owner`, revoking every earlier one and forgetting day-old history. */
    async replace(owner: Owner, code: NewCode, forgetBefore: number): Promise<void> {
      await k.transaction().execute(async (tx) => {
        await tx
          .updateTable(codes)
          .set({ revoked_at: code.sent_at })
          .where(ownerColumn, '=', owner)
          .where('used_at', 'is', null)
          .where('revoked_at', 'is', null)
          .execute();
        await tx
          .deleteFrom(codes)
          .where(ownerColumn, '=', owner)
          .where('sent_at', '<', forgetBefore)
          .execute();
        await tx
          .insertInto(codes)
          .values({ ...code, [ownerColumn]: owner })
          .execute();
      });
    },

    /** The owner's newest code that is neither used nor replaced. */
    async current(owner: Owner): Promise<CodeRow | undefined> {
      const row = await k
        .selectFrom(codes)
        .select(['id', 'code_hash', 'sent_at', 'expires_at', 'wrong_tries', 'used_at', 'revoked_at'])
        .where(ownerColumn, '=', owner)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && { ...row, id: Number(row.id), wrong_tries: Number(row.wrong_tries) };
    },

    /** Counts a wrong try unless the code has `max` already; returns the new count, or null if it had. */
    async addWrongTry(id: number, max: number): Promise<number | null> {
      const row = await k
        .updateTable(codes)
        .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
        .where('id', '=', id)
        .where('wrong_tries', '<', max)
        .returning('wrong_tries')
        .executeTakeFirst();
      return row ? Number(row.wrong_tries) : null;
    },

    /**
     * Marks the owner's code used if it is still usable at `now`; false if another request got
     * there first. `then` (what the code allows) runs in the same transaction: both happen or
     * neither.
     */
    async consume(
      owner: Owner,
      id: number,
      now: number,
      maxWrongTries: number,
      then?: (tx: Kysely<Database>) => Promise<void>,
    ): Promise<boolean> {
      const mark = async (ex: AnyDb) => {
        const result = await ex
          .updateTable(codes)
          .set({ used_at: now })
          .where('id', '=', id)
          .where(ownerColumn, '=', owner)
          .where('used_at', 'is', null)
          .where('revoked_at', 'is', null)
          .where('wrong_tries', '<', maxWrongTries)
          .where('expires_at', '>', now)
          .executeTakeFirst();
        return result.numUpdatedRows === 1n;
      };
      if (!then) {
        return mark(k);
      }
      return k.transaction().execute(async (tx) => {
        if (!(await mark(tx))) {
          return false;
        }
        await then(tx as Kysely<Database>);
        return true;
      });
    },
  };
}
