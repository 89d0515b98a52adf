import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ThirdPartyIdentitiesTable } from '../../db/schema.ts';

export type IdentityRow = Selectable<ThirdPartyIdentitiesTable>;

/** SQL for third-party identities and WeChat login states. */
export function createSsoRepo(db: Db) {
  const k = db.kysely;
  return {
    /** Creates or refreshes the identity a provider just verified; returns the row. */
    async upsertIdentity(identity: {
      provider: string;
      external_id: string;
      union_id: string;
      nickname: string;
      avatar: string;
      at: number;
    }): Promise<IdentityRow> {
      const { at, ...fields } = identity;
      await k
        .insertInto('third_party_identities')
        .values({ ...fields, created_at: at, verified_at: at })
        .onConflict((oc) =>
          oc.columns(['provider', 'external_id']).doUpdateSet({
            union_id: fields.union_id,
            nickname: fields.nickname,
            avatar: fields.avatar,
            verified_at: at,
          }),
        )
        .execute();
      return k
        .selectFrom('third_party_identities')
        .selectAll()
        .where('provider', '=', identity.provider)
        .where('external_id', '=', identity.external_id)
        .executeTakeFirstOrThrow();
    },

    identity(id: number): Promise<IdentityRow | undefined> {
      return k.selectFrom('third_party_identities').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async setBindTicket(id: number, ticketHash: string): Promise<void> {
      await k
        .updateTable('third_party_identities')
        .set({ bind_ticket_hash: ticketHash })
        .where('id', '=', id)
        .execute();
    },

    /** The unbound identity a bind ticket was issued for, if verified after `since`. */
    identityByTicket(provider: string, ticketHash: string, since: number): Promise<IdentityRow | undefined> {
      return k
        .selectFrom('third_party_identities')
        .selectAll()
        .where('provider', '=', provider)
        .where('bind_ticket_hash', '=', ticketHash)
        .where('user_id', 'is', null)
        .where('verified_at', '>', since)
        .executeTakeFirst();
    },

    /** Binds an unbound identity to a user; false if someone bound it first. */
    async bind(id: number, userId: number, at: number): Promise<boolean> {
      const r = await k
        .updateTable('third_party_identities')
        .set({ user_id: userId, bound_at: at, bind_ticket_hash: null })
        .where('id', '=', id)
        .where('user_id', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    // --- WeChat login states ------------------------------------------------------------------

    async createState(state: {
      state: string;
      kind: string;
      poll_hash: string;
      created_at: number;
      expires_at: number;
    }): Promise<void> {
      await k.insertInto('wx_login_states').values(state).execute();
      // States are short-lived; old ones are forgotten as new ones are made.
      await k
        .deleteFrom('wx_login_states')
        .where('expires_at', '<', state.created_at - 86_400_000)
        .execute();
    },

    state(state: string) {
      return k.selectFrom('wx_login_states').selectAll().where('state', '=', state).executeTakeFirst();
    },

    stateByPoll(pollHash: string) {
      return k.selectFrom('wx_login_states').selectAll().where('poll_hash', '=', pollHash).executeTakeFirst();
    },

    /** Records who signed in for a live, unfinished state; false if it was finished already. */
    async finishState(state: string, identityId: number, now: number): Promise<boolean> {
      const r = await k
        .updateTable('wx_login_states')
        .set({ identity_id: identityId })
        .where('state', '=', state)
        .where('identity_id', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Marks a finished state collected; only the first caller gets true. */
    async collectState(state: string, now: number): Promise<boolean> {
      const r = await k
        .updateTable('wx_login_states')
        .set({ collected_at: now })
        .where('state', '=', state)
        .where('identity_id', 'is not', null)
        .where('collected_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}

export type SsoRepo = ReturnType<typeof createSsoRepo>;
