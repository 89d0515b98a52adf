import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import {
  MSG,
  ResultCode,
  type TAdminFeed,
  type TAdminFeedPollReply,
  type TAdminFeedStateReply,
  type TFeedSchedule,
  type ZAdminFeedCreate,
  type ZAdminFeedsQuery,
  type ZAdminFeedUpdate,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { allowHostsFrom } from '../../platform/feed-fetch/address-policy.ts';
import { FeedFetchError } from '../../platform/feed-fetch/feed-fetch-error.ts';
import { checkedAddress, type SafeFetchOptions } from '../../platform/feed-fetch/safe-fetch.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import { FeedParsePool, type FeedParsePoolOptions } from './feed-parse-pool.ts';
import { createFeedPoller, type FeedPollerDeps } from './feed-poller.ts';
import { createWriteTurns } from './write-turns.ts';
import { nextPollAt } from './feed-schedule.ts';
import type { FeedSourceRow, SourceFields } from './feeds.repo.ts';

/** A poll holds its source this long at most; a lease past it belonged to a process that died. */
export const LEASE_MS = 5 * 60_000;

export type Actor = { id: number };

export type FeedsServiceDeps = Omit<FeedPollerDeps, 'fetch' | 'parser' | 'turns'> & {
  /** The parser threads' limits (tests: a short time-out); the service owns the pool and `close` stops it. */
  parser?: FeedParsePoolOptions;
  audit: AuditLog;
  /** FEED_ALLOW_HOSTS. */
  allowHosts: readonly string[];
  /** The schedule's time zone (DIGEST_TIMEZONE). */
  timeZone: string;
  /** Fetch overrides (tests: a short time-out). */
  fetch?: Partial<Omit<SafeFetchOptions, 'allowHosts' | 'etag' | 'lastModified'>>;
  /** This process's name in leases. */
  owner?: string;
  /** The search index's `syncWords`: the stamp of the documents the parser threads segment. */
  wordStamp?: () => Promise<number>;
};

export type FeedsService = ReturnType<typeof createFeedsService>;

function out(row: FeedSourceRow): TAdminFeed {
  return {
    id: row.id,
    url: row.url,
    name: row.name,
    category: row.category,
    enabled: row.enabled === 1,
    schedule: row.schedule as TFeedSchedule,
    interval_minutes: row.interval_minutes,
    last_fetched_at: row.last_fetched_at,
    last_status: row.last_status === 'ok' || row.last_status === 'error' ? row.last_status : null,
    last_error: row.last_error,
    last_added: row.last_added,
    last_updated: row.last_updated,
    last_skipped: row.last_skipped,
    next_poll_at: row.enabled === 1 ? row.next_poll_at : null,
    version: row.version,
    created_at: row.created_at,
  };
}

/** The editable fields as the audit log compares them. */
const auditFields = (
  row: Pick<FeedSourceRow, 'url' | 'name' | 'category' | 'enabled' | 'schedule' | 'interval_minutes'>,
) => ({
  url: row.url,
  name: row.name,
  category: row.category,
  enabled: row.enabled === 1,
  schedule: row.schedule,
  interval_minutes: row.interval_minutes,
});

function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/**
 * Feed sources: the back-office's writes (each audited), a poll that holds the source's lease
 * so no two processes poll one source at once, and the due polls the scheduler runs.
 */
export function createFeedsService(deps: FeedsServiceDeps) {
  const { repo, clock, audit, timeZone } = deps;
  const owner = deps.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const allowHosts = allowHostsFrom(deps.allowHosts);
  const parser = new FeedParsePool({
    ...(deps.wordStamp ? { wordStamp: deps.wordStamp } : {}),
    ...deps.parser,
  });
  const poller = createFeedPoller({
    ...deps,
    parser,
    turns: createWriteTurns(),
    fetch: { ...deps.fetch, allowHosts },
  });
  const now = () => clock.now().getTime();

  async function existing(id: number): Promise<FeedSourceRow> {
    const row = await repo.byId(id);
    if (!row) {
      throw AppError.notFound(MSG.feedNotFound);
    }
    return row;
  }

  /** Refuses an address the SSRF rule would refuse at fetch time (a name that does not resolve yet passes). */
  async function checkUrl(url: string): Promise<void> {
    try {
      await checkedAddress(new URL(url), allowHosts, deps.fetch?.resolve);
    } catch (error) {
      if (error instanceof FeedFetchError && error.kind === 'refused') {
        throw AppError.badRequest(MSG.feedAddressRefused);
      }
    }
  }

  function fields(body: z.output<typeof ZAdminFeedCreate>): SourceFields {
    const interval = body.schedule === 'every_n_minutes' ? (body.interval_minutes ?? null) : null;
    return {
      url: body.url,
      name: body.name,
      category: body.category,
      enabled: body.enabled ? 1 : 0,
      schedule: body.schedule,
      interval_minutes: interval,
      next_poll_at: nextPollAt(body.schedule, interval, now(), timeZone),
    };
  }

  /** Polls `row` under its lease; null when another process holds it. */
  async function pollLeased(row: FeedSourceRow, dueOnly: boolean): Promise<TAdminFeedPollReply | null> {
    const at = now();
    if (!(await repo.claim(row.id, owner, at, at + LEASE_MS, dueOnly))) {
      return null;
    }
    const result = await poller.poll(row);
    const fetchedAt = now();
    await repo.finish(row.id, owner, {
      status: result.error === undefined ? 'ok' : 'error',
      error: result.error ?? null,
      added: result.added,
      updated: result.updated,
      skipped: result.skipped,
      etag: result.error === undefined && result.etag !== undefined ? result.etag : undefined,
      lastModified:
        result.error === undefined && result.lastModified !== undefined ? result.lastModified : undefined,
      fetchedAt,
      nextPollAt: nextPollAt(row.schedule as TFeedSchedule, row.interval_minutes, fetchedAt, timeZone),
    });
    const { added, updated, skipped, error } = result;
    return error === undefined ? { added, updated, skipped } : { added, updated, skipped, error };
  }

  return {
    owner,

    async list(q: z.output<typeof ZAdminFeedsQuery>): Promise<{ data: TAdminFeed[]; total: number }> {
      const { rows, total } = await repo.page(q.page_size, (q.page - 1) * q.page_size);
      return { data: rows.map(out), total };
    },

    async create(actor: Actor, body: z.output<typeof ZAdminFeedCreate>): Promise<number> {
      await checkUrl(body.url);
      const f = fields(body);
      const id = await repo.insert(f, now());
      await audit.record({
        actorId: actor.id,
        action: 'feed.create',
        targetType: 'feed',
        targetId: id,
        after: auditFields(f),
      });
      return id;
    },

    async update(
      actor: Actor,
      id: number,
      body: z.output<typeof ZAdminFeedUpdate>,
    ): Promise<TAdminFeedStateReply> {
      const row = await existing(id);
      await checkUrl(body.url);
      const f = fields(body);
      // A new address starts afresh: the old one's validators mean nothing to it.
      const reset = f.url !== row.url ? { etag: null, last_modified: null } : {};
      if (row.version !== body.version || !(await repo.update(id, body.version, { ...f, ...reset }, now()))) {
        throw new AppError(409, ResultCode.failure, MSG.adminVersionConflict);
      }
      await audit.record({
        actorId: actor.id,
        action: 'feed.update',
        targetType: 'feed',
        targetId: id,
        ...changed(auditFields(row), auditFields(f)),
      });
      return { id, version: body.version + 1, enabled: body.enabled };
    },

    async setEnabled(actor: Actor, id: number, enabled: boolean): Promise<TAdminFeedStateReply> {
      const row = await existing(id);
      if ((row.enabled === 1) === enabled) {
        return { id, version: row.version, enabled };
      }
      const next = enabled
        ? nextPollAt(row.schedule as TFeedSchedule, row.interval_minutes, now(), timeZone)
        : row.next_poll_at;
      if (!(await repo.update(id, row.version, { enabled: enabled ? 1 : 0, next_poll_at: next }, now()))) {
        throw new AppError(409, ResultCode.failure, MSG.adminVersionConflict);
      }
      await audit.record({
        actorId: actor.id,
        action: enabled ? 'feed.enable' : 'feed.disable',
        targetType: 'feed',
        targetId: id,
        before: { enabled: !enabled },
        after: { enabled },
      });
      return { id, version: row.version + 1, enabled };
    },

    /** Deletes the source; the headlines it made stay (they are content now). */
    async remove(actor: Actor, id: number): Promise<void> {
      const row = await existing(id);
      if (!(await repo.remove(id))) {
        throw AppError.notFound(MSG.feedNotFound);
      }
      await audit.record({
        actorId: actor.id,
        action: 'feed.delete',
        targetType: 'feed',
        targetId: id,
        before: auditFields(row),
      });
    },

    /** POST /api/admin/feeds/{id}/poll: polls now (enabled or not) and waits for the result. */
    async pollNow(actor: Actor, id: number): Promise<TAdminFeedPollReply> {
      const row = await existing(id);
      const result = await pollLeased(row, false);
      if (result === null) {
        return { added: 0, updated: 0, skipped: 0, error: MSG.feedBusy };
      }
      await audit.record({
        actorId: actor.id,
        action: 'feed.poll',
        targetType: 'feed',
        targetId: id,
        after: result,
      });
      return result;
    },

    /**
     * Polls the sources due now, at most `concurrency` at a time, each under its lease: a source
     * another process holds is skipped. Returns what each polled source gave.
     */
    async pollDue(concurrency = 4, limit = 100): Promise<Map<number, TAdminFeedPollReply>> {
      const ids = await repo.dueIds(now(), limit);
      return runPolls(ids, concurrency, true);
    },

    /** Every enabled source now, due or not (`npm run feeds -- --once`). */
    async pollAllEnabled(concurrency = 4): Promise<Map<number, TAdminFeedPollReply>> {
      return runPolls(await repo.enabledIds(), concurrency, false);
    },

    byId: (id: number) => repo.byId(id),

    /** Stops the parser threads (app shutdown); they also stop on their own when idle. */
    close: () => parser.close(),
  };

  async function runPolls(ids: number[], concurrency: number, dueOnly: boolean) {
    const results = new Map<number, TAdminFeedPollReply>();
    let next = 0;
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++] as number;
        const row = await repo.byId(id);
        if (!row || row.enabled !== 1) {
          continue;
        }
        const result = await pollLeased(row, dueOnly);
        if (result) {
          results.set(id, result);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
    return results;
  }
}
