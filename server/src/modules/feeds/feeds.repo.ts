import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { FeedSourcesTable } from '../../db/schema.ts';
import { simhash } from '../headline-clusters/simhash.ts';

export type FeedSourceRow = Selectable<FeedSourcesTable>;

/** What a poll writes back on the source when it ends (the lease is dropped with it). */
export type PollOutcome = {
  status: 'ok' | 'error';
  error: string | null;
  added: number;
  updated: number;
  skipped: number;
  etag?: string | null;
  lastModified?: string | null;
  fetchedAt: number;
  nextPollAt: number | null;
};

export type SourceFields = {
  url: string;
  name: string;
  category: string;
  enabled: number;
  schedule: string;
  interval_minutes: number | null;
  next_poll_at: number | null;
};

/** A remembered item: how a feed entry was recognised and which headline it became. */
export type FeedItemRow = {
  id: number;
  source_id: number | null;
  guid: string | null;
  link_key: string | null;
  headline_id: number | null;
  content_hash: string;
};

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function normalise(row: FeedSourceRow): FeedSourceRow {
  return {
    ...row,
    enabled: num(row.enabled),
    interval_minutes: numOrNull(row.interval_minutes),
    last_fetched_at: numOrNull(row.last_fetched_at),
    last_added: num(row.last_added),
    last_updated: num(row.last_updated),
    last_skipped: num(row.last_skipped),
    next_poll_at: numOrNull(row.next_poll_at),
    lease_until: numOrNull(row.lease_until),
    version: num(row.version),
    created_at: num(row.created_at),
    updated_at: num(row.updated_at),
  };
}

/** SQL of feed sources and remembered items. */
export function createFeedsRepo(db: Db) {
  const k = db.kysely;
  return {
    async insert(fields: SourceFields, now: number): Promise<number> {
      const row = await k
        .insertInto('feed_sources')
        .values({ ...fields, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async byId(id: number): Promise<FeedSourceRow | null> {
      const row = await k.selectFrom('feed_sources').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? normalise(row) : null;
    },

    async page(limit: number, offset: number): Promise<{ rows: FeedSourceRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        k.selectFrom('feed_sources').selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        k
          .selectFrom('feed_sources')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(normalise), total: Number(count.n) };
    },

    /** Every enabled source, oldest first (`npm run feeds -- --once`). */
    async enabledIds(): Promise<number[]> {
      const rows = await k
        .selectFrom('feed_sources')
        .select('id')
        .where('enabled', '=', 1)
        .orderBy('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** Writes `fields` if the row is still at `version`; false when someone saved first or it is gone. */
    async update(id: number, version: number, fields: Partial<SourceFields>, now: number): Promise<boolean> {
      const result = await k
        .updateTable('feed_sources')
        .set({ ...fields, version: sql<number>`version + 1`, updated_at: now })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async remove(id: number): Promise<boolean> {
      const result = await k.deleteFrom('feed_sources').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** Enabled sources due by `now` and not leased (or whose lease lapsed), soonest first. */
    async dueIds(now: number, limit: number): Promise<number[]> {
      const rows = await k
        .selectFrom('feed_sources')
        .select('id')
        .where('enabled', '=', 1)
        .where('next_poll_at', '<=', now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .orderBy('next_poll_at')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * Takes the source's lease for `owner` until `until`, if nobody holds a live one. One
     * conditional UPDATE: on PostgreSQL the second writer waits for the first's row lock and
     * then re-reads the condition, on SQLite writes are serial, so exactly one caller wins.
     */
    async claim(id: number, owner: string, now: number, until: number, dueOnly: boolean): Promise<boolean> {
      const result = await k
        .updateTable('feed_sources')
        .set({ lease_owner: owner, lease_until: until })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        // A scheduled poll also needs the source still due: one that another process polled a
        // moment ago has moved its next_poll_at on, so it is not polled twice.
        .$if(dueOnly, (qb) => qb.where('enabled', '=', 1).where('next_poll_at', '<=', now))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Records a poll's outcome and drops `owner`'s lease (nothing when the lease was lost). */
    async finish(id: number, owner: string, o: PollOutcome): Promise<void> {
      await k
        .updateTable('feed_sources')
        .set({
          last_status: o.status,
          last_error: o.error,
          last_added: o.added,
          last_updated: o.updated,
          last_skipped: o.skipped,
          last_fetched_at: o.fetchedAt,
          next_poll_at: o.nextPollAt,
          ...(o.etag !== undefined ? { etag: o.etag } : {}),
          ...(o.lastModified !== undefined ? { last_modified: o.lastModified } : {}),
          lease_owner: null,
          lease_until: null,
        })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .execute();
    },

    /** Remembered items matching any of these guids or link keys. */
    async knownItems(guids: readonly string[], linkKeys: readonly string[]): Promise<FeedItemRow[]> {
      const out: FeedItemRow[] = [];
      const select = () =>
        k
          .selectFrom('feed_items')
          .select(['id', 'source_id', 'guid', 'link_key', 'headline_id', 'content_hash']);
      for (let i = 0; i < guids.length; i += 500) {
        out.push(
          ...(await select()
            .where('guid', 'in', guids.slice(i, i + 500))
            .execute()),
        );
      }
      for (let i = 0; i < linkKeys.length; i += 500) {
        out.push(
          ...(await select()
            .where('link_key', 'in', linkKeys.slice(i, i + 500))
            .execute()),
        );
      }
      return out.map((r) => ({
        ...r,
        source_id: numOrNull(r.source_id),
        headline_id: numOrNull(r.headline_id),
      }));
    },

    /**
     * Reserves items before their headlines are written, in one transaction (one commit, not
     * one per item): per item its reservation id, or null when another poll (another source,
     * another process) reserved the same guid or link first.
     */
    async reserveMany(
      items: readonly { sourceId: number; guid: string | null; linkKey: string | null; hash: string }[],
      now: number,
    ): Promise<(number | null)[]> {
      if (items.length === 0) {
        return [];
      }
      return k.transaction().execute(async (tx) => {
        const ids: (number | null)[] = [];
        for (const item of items) {
          const row = await tx
            .insertInto('feed_items')
            .values({
              source_id: item.sourceId,
              guid: item.guid,
              link_key: item.linkKey,
              content_hash: item.hash,
              created_at: now,
              updated_at: now,
            })
            .onConflict((oc) => oc.doNothing())
            .returning('id')
            .executeTakeFirst();
          ids.push(row?.id ?? null);
        }
        return ids;
      });
    },

    /** Ties reservations to the headlines written for them, in one transaction. */
    async attachMany(pairs: readonly { itemId: number; headlineId: number }[]): Promise<void> {
      if (pairs.length === 0) {
        return;
      }
      await k.transaction().execute(async (tx) => {
        for (const { itemId, headlineId } of pairs) {
          await tx
            .updateTable('feed_items')
            .set({ headline_id: headlineId })
            .where('id', '=', itemId)
            .execute();
        }
      });
    },

    async release(itemIds: readonly number[]): Promise<void> {
      if (itemIds.length > 0) {
        await k
          .deleteFrom('feed_items')
          .where('id', 'in', [...itemIds])
          .execute();
      }
    },

    async rehash(itemId: number, hash: string, now: number): Promise<void> {
      await k
        .updateTable('feed_items')
        .set({ content_hash: hash, updated_at: now })
        .where('id', '=', itemId)
        .execute();
    },

    /** Rewrites a feed headline's text in place (the admin's version counter moves on). */
    async updateHeadline(
      headlineId: number,
      fields: { title: string; description: string; content: string; source_url: string },
      now: number,
    ): Promise<boolean> {
      const result = await k
        .updateTable('headlines')
        // A new fingerprint for the new text; the story (cluster) stays what it was.
        .set({
          ...fields,
          simhash: simhash(fields.title, fields.description) ?? '',
          version: sql<number>`version + 1`,
          updated_at: now,
        })
        .where('id', '=', headlineId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type FeedsRepo = ReturnType<typeof createFeedsRepo>;
