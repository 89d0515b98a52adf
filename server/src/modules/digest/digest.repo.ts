import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { PUBLISHED } from '../content/publish-status.ts';
import { isCopySql } from '../headline-clusters/headline-clusters.ts';
import { userDirectory } from '../users/user-directory.ts';

export type DigestRepo = ReturnType<typeof createDigestRepo>;

/** A subscriber as the planner sees them: address, keyword order, alerts, where their last digest ended. */
export type SubscriberRow = {
  userId: number;
  email: string;
  lastCutoffAt: number | null;
  keywords: string[];
  /** Active (not paused) search alerts, oldest first. */
  alerts?: AlertRow[];
};

export type AlertRow = { id: number; query: string; tn: string };

/** A report as an alert matches and shows it: the headline fields, its publisher as the source. */
export type ReportRow = HeadlineRow;

export type HeadlineRow = {
  id: number;
  title: string;
  description: string;
  content: string;
  source_name: string;
  published_at: number;
  created_at: number;
};

export type NewDigest = {
  user_id: number;
  email: string;
  items: string;
  headline_count: number;
  since_at: number;
};

/** A digest a worker holds: what to send and how many times it was tried (this claim included). */
export type ClaimedDigest = { id: number; user_id: number; day: string; items: string; attempts: number };

/** Rows per INSERT on PostgreSQL (one transaction each). */
const INSERT_BATCH = 1000;

/** SQL of the digest: subscribers, headlines of a window, planned digests, claims, the run log. */
export function createDigestRepo(db: Db) {
  const k = db.kysely;
  return {
    /** Every keyword some subscriber shows (the words the segmenter must keep whole). */
    async shownKeywords(): Promise<string[]> {
      const rows = await k
        .selectFrom('user_keywords')
        .select('keyword')
        .distinct()
        .where('shown', '=', 1)
        .execute();
      return rows.map((r) => r.keyword);
    },

    /** The next `limit` subscribed user ids after `after`, ascending: the pages planning walks. */
    async subscribedIdsAfter(after: number, limit: number): Promise<number[]> {
      const rows = await k
        .selectFrom('user_subscriptions')
        .select('user_id')
        .where('subscribed', '=', 1)
        .where('user_id', '>', after)
        .orderBy('user_id')
        .limit(limit)
        .execute();
      return rows.map((r) => r.user_id);
    },

    /**
     * The earliest last-digest cut-off among subscribers (null when some subscriber has none
     * yet, or there are none): with the look-back bounds it gives the window of headlines to load.
     */
    async earliestCursor(): Promise<{ earliest: number | null; withoutCursor: number }> {
      const row = await k
        .selectFrom('user_subscriptions as s')
        .leftJoin('digest_cursors as c', 'c.user_id', 's.user_id')
        .select((eb) => [
          eb.fn.min('c.last_cutoff_at').as('earliest'),
          eb.fn.countAll<number>().as('subs'),
          eb.fn.count<number>('c.last_cutoff_at').as('withCursor'),
        ])
        .where('s.subscribed', '=', 1)
        .executeTakeFirstOrThrow();
      return {
        earliest: row.earliest === null ? null : Number(row.earliest),
        withoutCursor: Number(row.subs) - Number(row.withCursor),
      };
    },

    /**
     * Users with ids in [fromId, toId] who should get `day`'s digest and have none yet: an
     * address, subscribed, and at least one shown, unmuted keyword (in the user's order) or an
     * active search alert.
     */
    async subscribersWithoutDigest(day: string, fromId: number, toId: number): Promise<SubscriberRow[]> {
      const rows = await k
        .selectFrom(userDirectory(k).as('u'))
        .innerJoin('user_subscriptions as s', 's.user_id', 'u.id')
        .leftJoin('user_keywords as kw', (join) =>
          join.onRef('kw.user_id', '=', 'u.id').on('kw.shown', '=', 1).on('kw.muted_at', 'is', null),
        )
        .leftJoin('digest_cursors as c', 'c.user_id', 'u.id')
        .select([
          'u.id as userId',
          'u.email as email',
          'c.last_cutoff_at as lastCutoffAt',
          'kw.keyword as keyword',
        ])
        .where('s.subscribed', '=', 1)
        .where((eb) =>
          eb.or([
            eb('kw.keyword', 'is not', null),
            eb.exists(
              eb
                .selectFrom('search_alerts as a')
                .select('a.id')
                .whereRef('a.user_id', '=', 'u.id')
                .where('a.paused_at', 'is', null),
            ),
          ]),
        )
        .where('u.email', '<>', '')
        // A disabled account (back-office) gets no digest.
        .where('u.status', '=', 1)
        .where('u.id', '>=', fromId)
        .where('u.id', '<=', toId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('digests as d')
                .select('d.id')
                .whereRef('d.user_id', '=', 'u.id')
                .where('d.day', '=', day),
            ),
          ),
        )
        .orderBy('u.id')
        .orderBy('kw.sort')
        .orderBy('kw.created_at')
        .execute();
      const out: SubscriberRow[] = [];
      let current: SubscriberRow | undefined;
      for (const row of rows) {
        if (current?.userId !== row.userId) {
          current = {
            userId: row.userId,
            email: row.email,
            lastCutoffAt: row.lastCutoffAt === null ? null : Number(row.lastCutoffAt),
            keywords: [],
          };
          out.push(current);
        }
        if (row.keyword !== null) {
          current.keywords.push(row.keyword);
        }
      }
      if (out.length > 0) {
        const alerts = await k
          .selectFrom('search_alerts')
          .select(['id', 'user_id', 'query', 'tn'])
          .where('user_id', '>=', fromId)
          .where('user_id', '<=', toId)
          .where('paused_at', 'is', null)
          .orderBy('id')
          .execute();
        const byUser = new Map(out.map((sub) => [sub.userId, sub]));
        for (const a of alerts) {
          const sub = byUser.get(a.user_id);
          if (sub) {
            (sub.alerts ??= []).push({ id: a.id, query: a.query, tn: a.tn });
          }
        }
      }
      return out;
    },

    /** Whether any subscriber has an active search alert on reports (else reports are not loaded). */
    async hasReportAlerts(): Promise<boolean> {
      const row = await k
        .selectFrom('search_alerts')
        .select('id')
        .where('paused_at', 'is', null)
        .where('tn', 'in', ['all', 'report'])
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Reports that arrived in (since, until], published after `publishedAfter`, newest arrival first. */
    async reportsArrivedBetween(since: number, until: number, publishedAfter: number): Promise<ReportRow[]> {
      const rows = await k
        .selectFrom('reports')
        .select(['id', 'title', 'description', 'source_type', 'published_at', 'created_at'])
        .where('created_at', '>', since)
        .where('created_at', '<=', until)
        .where('published_at', '>', publishedAfter)
        .where('status', '=', PUBLISHED)
        .orderBy('created_at', 'desc')
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(reportRow);
    },

    async reportsByIds(ids: readonly number[]): Promise<ReportRow[]> {
      if (ids.length === 0) {
        return [];
      }
      const rows = await k
        .selectFrom('reports')
        .select(['id', 'title', 'description', 'source_type', 'published_at', 'created_at'])
        .where('id', 'in', [...ids])
        .where('status', '=', PUBLISHED)
        .execute();
      return rows.map(reportRow);
    },

    /**
     * Headlines that arrived in (since, until] and were published after `publishedAfter`, newest
     * arrival first. Arrival (created_at), not publish time, decides what is new: a headline
     * imported late with an earlier publish time still reaches the next digest.
     */
    async headlinesArrivedBetween(
      since: number,
      until: number,
      publishedAfter: number,
    ): Promise<HeadlineRow[]> {
      return (
        k
          .selectFrom('headlines')
          .select(['id', 'title', 'description', 'content', 'source_name', 'published_at', 'created_at'])
          .where('created_at', '>', since)
          .where('created_at', '<=', until)
          .where('published_at', '>', publishedAfter)
          .where('status', '=', PUBLISHED)
          // One story once: a near-duplicate of an earlier published headline is left out.
          .where((eb) => eb.not(isCopySql()))
          .orderBy('created_at', 'desc')
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .execute()
      );
    },

    async headlinesByIds(ids: readonly number[]): Promise<HeadlineRow[]> {
      if (ids.length === 0) {
        return [];
      }
      const out: HeadlineRow[] = [];
      for (let i = 0; i < ids.length; i += INSERT_BATCH) {
        out.push(
          ...(await k
            .selectFrom('headlines')
            .select(['id', 'title', 'description', 'content', 'source_name', 'published_at', 'created_at'])
            .where('id', 'in', ids.slice(i, i + INSERT_BATCH))
            // Unpublished after planning: left out of the message when it is sent.
            .where('status', '=', PUBLISHED)
            .execute()),
        );
      }
      return out;
    },

    async startRun(run: {
      day: string;
      trigger: string;
      host: string;
      cutoffAt: number;
      now: number;
    }): Promise<number> {
      const row = await k
        .insertInto('digest_runs')
        .values({
          day: run.day,
          trigger: run.trigger,
          host: run.host,
          status: 'planning',
          cutoff_at: run.cutoffAt,
          started_at: run.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async finishRun(
      id: number,
      result: {
        status: 'planned' | 'failed';
        subscribers: number;
        planned: number;
        headlines: number;
        error?: string;
        now: number;
      },
    ): Promise<void> {
      await k
        .updateTable('digest_runs')
        .set({
          status: result.status,
          subscribers: result.subscribers,
          planned: result.planned,
          headlines: result.headlines,
          error: result.error ?? null,
          finished_at: result.now,
        })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Records planned digests and moves each recorded user's cursor to the cut-off, in one
     * transaction per batch. A user who already has `day`'s digest (another process planned it
     * first) is skipped by the unique (user_id, day) and keeps their cursor. Returns how many were recorded.
     */
    async recordDigests(
      runId: number,
      day: string,
      cutoffAt: number,
      now: number,
      digests: readonly NewDigest[],
    ): Promise<number> {
      if (db.sqlite) {
        return recordSqlite(db.sqlite, runId, day, cutoffAt, now, digests);
      }
      let recorded = 0;
      for (let i = 0; i < digests.length; i += INSERT_BATCH) {
        const batch = digests.slice(i, i + INSERT_BATCH);
        recorded += await k.transaction().execute(async (trx) => {
          // One array parameter per column (unnest): the statement's size does not grow with the batch.
          const inserted = await sql<{ user_id: number }>`
            INSERT INTO digests (run_id, user_id, day, email, items, headline_count, since_at, cutoff_at, next_attempt_at, created_at)
            SELECT ${runId}, u.user_id, ${day}, u.email, u.items, u.headline_count, u.since_at, ${cutoffAt}, ${now}, ${now}
            FROM unnest(
              ${batch.map((d) => d.user_id)}::integer[], ${batch.map((d) => d.email)}::text[],
              ${batch.map((d) => d.items)}::text[], ${batch.map((d) => d.headline_count)}::integer[],
              ${batch.map((d) => d.since_at)}::bigint[]
            ) AS u(user_id, email, items, headline_count, since_at)
            ON CONFLICT (user_id, day) DO NOTHING
            RETURNING user_id`.execute(trx);
          const ids = inserted.rows.map((r) => r.user_id);
          if (ids.length > 0) {
            await sql`
              INSERT INTO digest_cursors (user_id, last_cutoff_at)
              SELECT id, ${cutoffAt} FROM unnest(${ids}::integer[]) AS c(id)
              ON CONFLICT (user_id) DO UPDATE SET last_cutoff_at = excluded.last_cutoff_at`.execute(trx);
          }
          return ids.length;
        });
      }
      return recorded;
    },

    /**
     * Claims up to `limit` digests that are due (planned and past next_attempt_at) or whose
     * claim lapsed (a worker died mid-send), in one statement: FOR UPDATE SKIP LOCKED on
     * PostgreSQL, so concurrent workers take disjoint rows without waiting; on SQLite the
     * UPDATE itself is atomic (one writer at a time).
     */
    async claim(worker: string, limit: number, now: number, leaseUntil: number): Promise<ClaimedDigest[]> {
      let due = k
        .selectFrom('digests')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'planned'), eb('next_attempt_at', '<=', now)]),
            eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', now)]),
          ]),
        )
        .orderBy('id')
        .limit(limit);
      if (db.dialect === 'postgres') {
        due = due.forUpdate().skipLocked();
      }
      const rows = await k
        .updateTable('digests')
        .set((eb) => ({
          status: 'sending',
          claimed_by: worker,
          lease_until: leaseUntil,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', 'in', due)
        .returning(['id', 'user_id', 'day', 'items', 'attempts'])
        .execute();
      return rows.sort((a, b) => a.id - b.id);
    },

    /** Marks a claimed digest sent; false when this worker no longer holds the claim. */
    async markSent(id: number, worker: string, now: number, messageId: string): Promise<boolean> {
      const r = await k
        .updateTable('digests')
        .set({ status: 'sent', sent_at: now, message_id: messageId, lease_until: null, error: null })
        .where('id', '=', id)
        .where('claimed_by', '=', worker)
        .where('status', '=', 'sending')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** Releases a claim: back to planned at `nextAttemptAt`, or to a final 'failed' / 'skipped'. */
    async release(
      id: number,
      worker: string,
      to: { status: 'planned' | 'failed' | 'skipped'; nextAttemptAt?: number; error: string },
    ): Promise<void> {
      await k
        .updateTable('digests')
        .set({
          status: to.status,
          error: to.error.slice(0, 1000),
          lease_until: null,
          ...(to.nextAttemptAt === undefined ? {} : { next_attempt_at: to.nextAttemptAt }),
        })
        .where('id', '=', id)
        .where('claimed_by', '=', worker)
        .where('status', '=', 'sending')
        .execute();
    },

    /** Where each claimed digest's user stands now: current address and whether still subscribed. */
    async recipients(
      userIds: readonly number[],
    ): Promise<Map<number, { email: string; subscribed: boolean }>> {
      if (userIds.length === 0) {
        return new Map();
      }
      const rows = await k
        .selectFrom(userDirectory(k).as('u'))
        .leftJoin('user_subscriptions as s', 's.user_id', 'u.id')
        .select(['u.id', 'u.email', 'u.status', 's.subscribed'])
        .where('u.id', 'in', [...userIds])
        .execute();
      // Disabled after planning reads like unsubscribed: the digest is skipped, not sent.
      return new Map(
        rows.map((r) => [
          r.id,
          { email: r.email, subscribed: Number(r.subscribed ?? 0) === 1 && Number(r.status) === 1 },
        ]),
      );
    },

    /** Digests that are waiting (planned, possibly for a retry later) or in flight. */
    async pendingCount(): Promise<number> {
      const row = await k
        .selectFrom('digests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['planned', 'sending'])
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async hasRunForDay(day: string): Promise<boolean> {
      const row = await k.selectFrom('digest_runs').select('id').where('day', '=', day).executeTakeFirst();
      return row !== undefined;
    },

    async listRuns(page: number, pageSize: number) {
      const [runs, total] = await Promise.all([
        k
          .selectFrom('digest_runs')
          .selectAll()
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        k
          .selectFrom('digest_runs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      const ids = runs.map((r) => r.id);
      const counts =
        ids.length === 0
          ? []
          : await k
              .selectFrom('digests')
              .select(['run_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
              .where('run_id', 'in', ids)
              .groupBy(['run_id', 'status'])
              .execute();
      return {
        total: Number(total.n),
        runs: runs.map((r) => ({
          ...r,
          cutoff_at: Number(r.cutoff_at),
          started_at: Number(r.started_at),
          finished_at: r.finished_at === null ? null : Number(r.finished_at),
          counts: Object.fromEntries(
            counts.filter((c) => c.run_id === r.id).map((c) => [c.status, Number(c.n)]),
          ),
        })),
      };
    },

    async listDeliveries(filter: {
      runId?: number | undefined;
      status?: string | undefined;
      page: number;
      pageSize: number;
    }) {
      let q = k.selectFrom('digests');
      if (filter.runId !== undefined) {
        q = q.where('run_id', '=', filter.runId);
      }
      if (filter.status !== undefined) {
        q = q.where('status', '=', filter.status);
      }
      const [rows, total] = await Promise.all([
        q
          .select([
            'id',
            'run_id',
            'user_id',
            'day',
            'email',
            'headline_count',
            'status',
            'attempts',
            'next_attempt_at',
            'sent_at',
            'message_id',
            'error',
          ])
          .orderBy('id', 'desc')
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        total: Number(total.n),
        rows: rows.map((r) => ({
          ...r,
          next_attempt_at: Number(r.next_attempt_at),
          sent_at: r.sent_at === null ? null : Number(r.sent_at),
        })),
      };
    },
  };
}

function reportRow(r: {
  id: number;
  title: string;
  description: string;
  source_type: string;
  published_at: number;
  created_at: number;
}): ReportRow {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    content: '',
    source_name: r.source_type || '研究报告',
    published_at: Number(r.published_at),
    created_at: Number(r.created_at),
  };
}

/**
 * SQLite: the same statements as the Kysely path, prepared once and run synchronously inside
 * one transaction per call (better-sqlite3 is synchronous, so nothing else on the connection
 * interleaves): building a 1,000-row INSERT through the query builder costs more than running it.
 */
function recordSqlite(
  sqlite: SQLite.Database,
  runId: number,
  day: string,
  cutoffAt: number,
  now: number,
  digests: readonly NewDigest[],
): number {
  const insert = sqlite.prepare(
    `INSERT INTO digests (run_id, user_id, day, email, items, headline_count, since_at, cutoff_at, next_attempt_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, day) DO NOTHING`,
  );
  const cursor = sqlite.prepare(
    `INSERT INTO digest_cursors (user_id, last_cutoff_at) VALUES (?, ?)
     ON CONFLICT (user_id) DO UPDATE SET last_cutoff_at = excluded.last_cutoff_at`,
  );
  return sqlite
    .transaction(() => {
      let recorded = 0;
      for (const d of digests) {
        const r = insert.run(
          runId,
          d.user_id,
          day,
          d.email,
          d.items,
          d.headline_count,
          d.since_at,
          cutoffAt,
          now,
          now,
        );
        if (r.changes > 0) {
          cursor.run(d.user_id, cutoffAt);
          recorded++;
        }
      }
      return recorded;
    })
    .immediate();
}
