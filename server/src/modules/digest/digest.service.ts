import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { countDigests } from '../../platform/metrics/metrics.ts';
import { isPermanentSmtpError } from '../../platform/mail/smtp-mailer.ts';
import { unsubscribeToken } from '../unsubscribe/unsubscribe-token.ts';
import { groupsToRender, idsOfGroups } from './groups.ts';
import { createDigestRepo, type ClaimedDigest, type HeadlineRow } from './digest.repo.ts';
import { localDay } from './digest-time.ts';
import { HeadlineIndex, MAX_LOOKBACK_MS, planDigests, sinceFor, type DigestGroup } from './planner.ts';
import { loadUserWords } from '../../search/segmenter.ts';
import { readSynonymTable } from '../search/synonym-source.ts';
import { DigestRenderer } from './render.ts';

/** Waits before the 2nd, 3rd, 4th and 5th attempt; the 5th failure is final. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/**
 * How long a claim holds: far longer than a batch takes (SMTP timeouts are 30 s), so a live
 * worker never loses its claim; a dead worker's digests are picked up again after it.
 */
export const LEASE_MS = 15 * 60_000;
const BATCH = 100;
/** Subscribers planned per page. */
const PLAN_PAGE = 1000;
const CONCURRENCY = 10;

export type DigestLog = (
  level: 'info' | 'warn' | 'error',
  message: string,
  data?: Record<string, unknown>,
) => void;

export type DigestServiceDeps = {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  timeZone: string;
  /** Signs the unsubscribe links. */
  secret: string;
  log?: DigestLog;
};

export type PlanResult = {
  runId: number;
  day: string;
  subscribers: number;
  headlines: number;
  planned: number;
  /** Milliseconds: load subscribers and headlines, segment headlines, match, record. */
  timings: { load: number; segment: number; match: number; record: number };
};

export type SendResult = { sent: number; retrying: number; failed: number; skipped: number };

export type DigestService = ReturnType<typeof createDigestService>;

export function createDigestService(deps: DigestServiceDeps) {
  const { db, mailer, clock, publicUrl, timeZone, secret } = deps;
  const log: DigestLog = deps.log ?? (() => {});
  const repo = createDigestRepo(db);
  const host = hostname();
  const defaultWorker = `${host}:${process.pid}:${randomBytes(3).toString('hex')}`;

  async function sendOne(
    d: ClaimedDigest,
    worker: string,
    ctx: BatchContext,
    result: SendResult,
  ): Promise<void> {
    const recipient = ctx.recipients.get(d.user_id);
    if (!recipient || !recipient.subscribed || recipient.email === '') {
      await repo.release(d.id, worker, {
        status: 'skipped',
        error: recipient?.subscribed ? 'no address' : 'unsubscribed',
      });
      result.skipped++;
      return;
    }
    const groups = groupsToRender(JSON.parse(d.items) as DigestGroup[], d.user_id, ctx, secret);
    if (groups.length === 0) {
      await repo.release(d.id, worker, { status: 'skipped', error: 'headlines removed' });
      result.skipped++;
      return;
    }
    const message = ctx.renderer.render({
      digestId: d.id,
      day: d.day,
      to: recipient.email,
      unsubscribeToken: unsubscribeToken(secret, d.user_id),
      groups,
    });
    try {
      const sent = await mailer.send(message);
      if (!(await repo.markSent(d.id, worker, clock.now().getTime(), sent.messageId))) {
        log('warn', 'digest sent after its claim lapsed', { digest: d.id });
      }
      result.sent++;
      countDigests('sent');
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      if (isPermanentSmtpError(err) || d.attempts >= MAX_ATTEMPTS) {
        await repo.release(d.id, worker, { status: 'failed', error });
        result.failed++;
        countDigests('failed');
        log('error', 'digest failed', { digest: d.id, attempts: d.attempts, error });
      } else {
        const delay = RETRY_DELAYS_MS[Math.min(d.attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0];
        await repo.release(d.id, worker, {
          status: 'planned',
          nextAttemptAt: clock.now().getTime() + delay,
          error,
        });
        result.retrying++;
        countDigests('retrying');
        log('warn', 'digest will be retried', { digest: d.id, attempts: d.attempts, error });
      }
    }
  }

  type BatchContext = {
    recipients: Map<number, { email: string; subscribed: boolean }>;
    headlines: Map<number, HeadlineRow>;
    reports: Map<number, HeadlineRow>;
    renderer: DigestRenderer;
  };

  return {
    /**
     * Plans `day`'s digests (default: today in DIGEST_TIMEZONE) for every subscriber without
     * one yet, covering headlines that arrived since their last digest up to now, and records them.
     * Idempotent per day: a second call plans only subscribers who had nothing to get before.
     */
    async plan({ trigger, day }: { trigger: string; day?: string }): Promise<PlanResult> {
      const now = clock.now();
      const cutoffAt = now.getTime();
      const theDay = day ?? localDay(now, timeZone);
      const runId = await repo.startRun({ day: theDay, trigger, host, cutoffAt, now: cutoffAt });
      const timings = { load: 0, segment: 0, match: 0, record: 0 };
      let subscribers = 0;
      let headlineCount = 0;
      let planned = 0;
      try {
        // The headline window: from the earliest subscriber's start to now, segmented once.
        let t = performance.now();
        const cursors = await repo.earliestCursor();
        const starts = [
          ...(cursors.earliest === null ? [] : [sinceFor(cursors.earliest, cutoffAt)]),
          ...(cursors.withoutCursor > 0 ? [sinceFor(null, cutoffAt)] : []),
        ];
        const minSince = starts.length === 0 ? cutoffAt : Math.min(...starts);
        const headlines = await repo.headlinesArrivedBetween(minSince, cutoffAt, cutoffAt - MAX_LOOKBACK_MS);
        headlineCount = headlines.length;
        timings.load += performance.now() - t;
        t = performance.now();
        // Keywords become single segmenter terms before headlines are cut (as catalogue words are for search).
        loadUserWords(await repo.shownKeywords());
        // Keywords match their synonym groups' other words, as searches do (read once per run).
        const index = new HeadlineIndex(headlines, await readSynonymTable(db));
        // Reports only when some alert follows them: most digests are keywords on headlines.
        const reports = (await repo.hasReportAlerts())
          ? new HeadlineIndex(
              await repo.reportsArrivedBetween(minSince, cutoffAt, cutoffAt - MAX_LOOKBACK_MS),
            )
          : undefined;
        timings.segment += performance.now() - t;

        // Subscribers page by page, so memory stays flat however many there are.
        for (let after = 0; ;) {
          t = performance.now();
          const ids = await repo.subscribedIdsAfter(after, PLAN_PAGE);
          if (ids.length === 0) {
            break;
          }
          const first = ids[0] as number;
          after = ids[ids.length - 1] as number;
          const subs = await repo.subscribersWithoutDigest(theDay, first, after);
          subscribers += subs.length;
          timings.load += performance.now() - t;

          t = performance.now();
          const plans = planDigests(subs, index, cutoffAt, undefined, reports);
          timings.match += performance.now() - t;

          t = performance.now();
          planned += await repo.recordDigests(
            runId,
            theDay,
            cutoffAt,
            clock.now().getTime(),
            plans.map((p) => ({
              user_id: p.userId,
              email: p.email,
              items: JSON.stringify(p.groups),
              headline_count: p.count,
              since_at: p.sinceAt,
            })),
          );
          timings.record += performance.now() - t;
        }
        await repo.finishRun(runId, {
          status: 'planned',
          subscribers,
          planned,
          headlines: headlineCount,
          now: clock.now().getTime(),
        });
        countDigests('planned', planned);
        log('info', 'digest planned', {
          run: runId,
          day: theDay,
          subscribers,
          headlines: headlineCount,
          planned,
        });
        return { runId, day: theDay, subscribers, headlines: headlineCount, planned, timings };
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        await repo.finishRun(runId, {
          status: 'failed',
          subscribers,
          planned: 0,
          headlines: headlineCount,
          error,
          now: clock.now().getTime(),
        });
        throw err;
      }
    },

    /**
     * Claims and sends every digest that is due now, batch by batch, until none is left; failed
     * sends go back with a later next_attempt_at (or fail for good), so a later call retries them.
     * Safe to run in any number of processes at once: each digest is claimed by one worker.
     */
    async sendDue({
      worker = defaultWorker,
      batchSize = BATCH,
      concurrency = CONCURRENCY,
      /** Stop after claiming this many (a bounded pass; the bench sends a sample). */
      max = Number.POSITIVE_INFINITY,
    } = {}): Promise<SendResult> {
      const result: SendResult = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
      // One renderer per pass: its blocks serve every batch of the pass, then are dropped.
      const renderer = new DigestRenderer(publicUrl, timeZone);
      let claimedSoFar = 0;
      while (claimedSoFar < max) {
        const now = clock.now().getTime();
        const claimed = await repo.claim(
          worker,
          Math.min(batchSize, max - claimedSoFar),
          now,
          now + LEASE_MS,
        );
        claimedSoFar += claimed.length;
        if (claimed.length === 0) {
          break;
        }
        const ids = idsOfGroups(claimed.map((d) => JSON.parse(d.items) as DigestGroup[]));
        const ctx: BatchContext = {
          recipients: await repo.recipients([...new Set(claimed.map((d) => d.user_id))]),
          headlines: new Map((await repo.headlinesByIds(ids.headlines)).map((h) => [h.id, h])),
          reports: new Map((await repo.reportsByIds(ids.reports)).map((r) => [r.id, r])),
          renderer,
        };
        let next = 0;
        const runners = Array.from({ length: Math.min(concurrency, claimed.length) }, async () => {
          while (next < claimed.length) {
            const d = claimed[next++] as ClaimedDigest;
            await sendOne(d, worker, ctx, result);
          }
        });
        await Promise.all(runners);
      }
      if (result.sent + result.retrying + result.failed + result.skipped > 0) {
        log('info', 'digest sending pass', result);
      }
      return result;
    },

    pendingCount: () => repo.pendingCount(),
    hasRunForDay: (day: string) => repo.hasRunForDay(day),
    listRuns: (page: number, pageSize: number) => repo.listRuns(page, pageSize),
    listDeliveries: (filter: {
      runId?: number | undefined;
      status?: string | undefined;
      page: number;
      pageSize: number;
    }) => repo.listDeliveries(filter),
  };
}
