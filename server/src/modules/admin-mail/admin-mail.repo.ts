import type { TDigestStatus, TSuppressionReason } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { userDirectory } from '../users/user-directory.ts';

export type AdminMailRepo = ReturnType<typeof createAdminMailRepo>;

/** A delivery with where its user stands now (for the list and for a resend). */
export type DeliveryRow = {
  id: number;
  run_id: number;
  day: string;
  user_id: number;
  nickname: string;
  phone: string;
  email: string;
  items: string;
  headline_count: number;
  status: TDigestStatus;
  attempts: number;
  next_attempt_at: number;
  sent_at: number | null;
  error: string | null;
  user_email: string;
  user_status: number;
  subscribed: number;
};

export type SuppressedRow = {
  user_id: number;
  nickname: string;
  phone: string;
  email: string;
  reason: TSuppressionReason;
  source: string | null;
  since: number | null;
};

/**
 * The back-office's reads of the digest module's tables (digests, users' subscription state) and
 * the named leases of back-office jobs. Nothing here changes a digest: sending stays the digest
 * module's (modules/digest).
 */
export function createAdminMailRepo(db: Db) {
  const k = db.kysely;

  const deliveries = () =>
    k
      .selectFrom('digests as d')
      .innerJoin(userDirectory(k).as('u'), 'u.id', 'd.user_id')
      .leftJoin('user_subscriptions as s', 's.user_id', 'd.user_id')
      .select([
        'd.id',
        'd.run_id',
        'd.day',
        'd.user_id',
        'u.nickname',
        'u.phone',
        'd.email',
        'd.items',
        'd.headline_count',
        'd.status',
        'd.attempts',
        'd.next_attempt_at',
        'd.sent_at',
        'd.error',
        'u.email as user_email',
        'u.status as user_status',
        's.subscribed',
      ]);

  const toDelivery = (
    r: Awaited<ReturnType<ReturnType<typeof deliveries>['execute']>>[number],
  ): DeliveryRow => ({
    ...r,
    status: r.status as TDigestStatus,
    next_attempt_at: Number(r.next_attempt_at),
    sent_at: r.sent_at === null ? null : Number(r.sent_at),
    user_status: Number(r.user_status),
    subscribed: Number(r.subscribed ?? 0),
  });

  return {
    async deliveries(filter: {
      runId?: number | undefined;
      status?: TDigestStatus | undefined;
      limit: number;
      offset: number;
    }): Promise<{ rows: DeliveryRow[]; total: number }> {
      let count = k.selectFrom('digests as d');
      let page = deliveries();
      if (filter.runId !== undefined) {
        count = count.where('d.run_id', '=', filter.runId);
        page = page.where('d.run_id', '=', filter.runId);
      }
      if (filter.status !== undefined) {
        count = count.where('d.status', '=', filter.status);
        page = page.where('d.status', '=', filter.status);
      }
      const [rows, total] = await Promise.all([
        page.orderBy('d.id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
        count.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(toDelivery), total: Number(total.n) };
    },

    async delivery(id: number): Promise<DeliveryRow | undefined> {
      const row = await deliveries().where('d.id', '=', id).executeTakeFirst();
      return row && toDelivery(row);
    },

    /**
     * Addresses the digest does not go to, and why: the user unsubscribed (their choice, shown
     * read-only) or an admin disabled the account. Bounces are not recorded apart from a
     * delivery's final failure, so there is no bounce list to lift.
     */
    async suppressed(filter: {
      reason?: TSuppressionReason | undefined;
      limit: number;
      offset: number;
    }): Promise<{ rows: SuppressedRow[]; total: number }> {
      const unsubscribed = k
        .selectFrom('user_subscriptions as s')
        .innerJoin(userDirectory(k).as('u'), 'u.id', 's.user_id')
        .select([
          'u.id as user_id',
          'u.nickname',
          'u.phone',
          'u.email',
          sql<string>`'unsubscribed'`.as('reason'),
          's.unsubscribe_from as source',
          's.unsubscribed_at as since',
        ])
        .where('s.subscribed', '=', 0)
        .where('u.email', '<>', '');
      const disabled = k
        .selectFrom(userDirectory(k).as('u'))
        .select([
          'u.id as user_id',
          'u.nickname',
          'u.phone',
          'u.email',
          sql<string>`'disabled'`.as('reason'),
          sql<string | null>`null`.as('source'),
          'u.disabled_at as since',
        ])
        .where('u.status', '=', 0)
        .where('u.email', '<>', '');
      const all =
        filter.reason === 'unsubscribed'
          ? unsubscribed
          : filter.reason === 'disabled'
            ? disabled
            : unsubscribed.unionAll(disabled);
      const [rows, total] = await Promise.all([
        k
          .selectFrom(all.as('x'))
          .selectAll()
          // NULLs sort differently on the two databases: a missing time counts as the oldest.
          .orderBy(sql`coalesce(since, 0)`, 'desc')
          .orderBy('user_id', 'desc')
          .orderBy('reason')
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        k
          .selectFrom(all.as('x'))
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        rows: rows.map((r) => ({
          ...r,
          reason: r.reason as TSuppressionReason,
          since: r.since === null ? null : Number(r.since),
        })),
        total: Number(total.n),
      };
    },

    /**
     * Takes the lease `name` until `until` unless another holder has it and it has not expired:
     * one statement on both databases (an insert, or an update of an expired lease), so two
     * callers at once — in one process or on two nodes — cannot both get it.
     */
    async acquireLease(name: string, holder: string, now: number, until: number): Promise<boolean> {
      const row = await k
        .insertInto('job_leases')
        .values({ name, holder, until })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet((eb) => ({ holder: eb.ref('excluded.holder'), until: eb.ref('excluded.until') }))
            .where('job_leases.until', '<', now),
        )
        .returning('holder')
        .executeTakeFirst();
      return row?.holder === holder;
    },

    async releaseLease(name: string, holder: string): Promise<void> {
      await k.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute();
    },

    async leaseHeld(name: string, now: number): Promise<boolean> {
      const row = await k
        .selectFrom('job_leases')
        .select('holder')
        .where('name', '=', name)
        .where('until', '>=', now)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
