import { randomBytes } from 'node:crypto';
import {
  MAIL_MSG,
  maskEmail,
  maskPhone,
  ResultCode,
  type TMailDeliveriesQuery,
  type TMailDeliveriesReply,
  type TMailResendReply,
  type TMailRunsReply,
  type TMailRunTodayReply,
  type TMailSuppressedQuery,
  type TMailSuppressedReply,
} from '@portal/contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { DigestRepo } from '../digest/digest.repo.ts';
import { groupsToRender, idsOfGroups } from '../digest/groups.ts';
import { LEASE_MS, type DigestLog, type DigestService } from '../digest/digest.service.ts';
import type { DigestGroup } from '../digest/planner.ts';
import type { DigestRenderer } from '../digest/render.ts';
import { unsubscribeToken } from '../unsubscribe/unsubscribe-token.ts';
import type { AdminMailRepo } from './admin-mail.repo.ts';

/** The lease that keeps 立即发送今日摘要 to one run at a time across every server process. */
export const RUN_TODAY_LEASE = 'digest.run_today';

export type AdminMailService = ReturnType<typeof createAdminMailService>;

const userLabel = (r: { nickname: string; phone: string }): string => r.nickname || maskPhone(r.phone);

/** A refusal of something the state forbids (HTTP 409, the message says why). */
const refused = (message: string) => new AppError(409, ResultCode.failure, message);

/**
 * The back-office's mail section (issue 16): the digest's runs, deliveries and suppressed
 * addresses, running today's digest now, resending one delivery. Running goes through the
 * digest service's own plan and send (unique per user and day, claims with a lease), so it can
 * overlap the 08:00 scheduler safely; the job lease only keeps two clicks from running it twice.
 */
export function createAdminMailService(deps: {
  repo: AdminMailRepo;
  digest: DigestService;
  digestRepo: DigestRepo;
  renderer: DigestRenderer;
  mailer: Mailer;
  audit: AuditLog;
  clock: Clock;
  secret: string;
  log?: DigestLog;
}) {
  const { repo, digest, digestRepo, renderer, mailer, audit, clock } = deps;
  const log: DigestLog = deps.log ?? (() => {});
  const now = () => clock.now().getTime();

  return {
    async runs(page: number, pageSize: number): Promise<TMailRunsReply> {
      const [{ runs, total }, running] = await Promise.all([
        digestRepo.listRuns(page, pageSize),
        repo.leaseHeld(RUN_TODAY_LEASE, now()),
      ]);
      return {
        total,
        running,
        data: runs.map((r) => {
          const c = (status: string) => r.counts[status] ?? 0;
          return {
            id: r.id,
            day: r.day,
            trigger: r.trigger,
            status: r.status,
            subscribers: Number(r.subscribers),
            planned: Number(r.planned),
            sent: c('sent'),
            failed: c('failed'),
            skipped: c('skipped'),
            pending: c('planned') + c('sending'),
            error: r.error,
            started_at: r.started_at,
            finished_at: r.finished_at,
          };
        }),
      };
    },

    async deliveries(q: TMailDeliveriesQuery): Promise<TMailDeliveriesReply> {
      const { rows, total } = await repo.deliveries({
        runId: q.run_id,
        status: q.status,
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
      });
      return {
        total,
        data: rows.map((r) => ({
          id: r.id,
          run_id: r.run_id,
          day: r.day,
          user_id: r.user_id,
          user: userLabel(r),
          email: maskEmail(r.email),
          headline_count: Number(r.headline_count),
          status: r.status,
          attempts: Number(r.attempts),
          next_attempt_at: r.next_attempt_at,
          sent_at: r.sent_at,
          error: r.error,
        })),
      };
    },

    async suppressed(q: TMailSuppressedQuery): Promise<TMailSuppressedReply> {
      const { rows, total } = await repo.suppressed({
        reason: q.reason,
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
      });
      return {
        total,
        data: rows.map((r) => ({
          user_id: r.user_id,
          user: userLabel(r),
          email: maskEmail(r.email),
          reason: r.reason,
          source: r.source,
          since: r.since,
        })),
      };
    },

    /**
     * Plans today's digest and sends what is due, as the 08:00 scheduler does. A second call
     * while one runs (here or on another node) is refused; users who already have today's digest
     * are not planned again, so a run after the scheduler's plans only newcomers.
     */
    async runToday(actorId: number): Promise<TMailRunTodayReply> {
      const holder = randomBytes(8).toString('hex');
      if (!(await repo.acquireLease(RUN_TODAY_LEASE, holder, now(), now() + LEASE_MS))) {
        throw refused(MAIL_MSG.runInProgress);
      }
      try {
        const plan = await digest.plan({ trigger: 'manual' });
        const sent = await digest.sendDue();
        const reply = {
          run_id: plan.runId,
          day: plan.day,
          planned: plan.planned,
          sent: sent.sent,
          failed: sent.failed,
          skipped: sent.skipped,
          retrying: sent.retrying,
        };
        await audit.record({
          actorId,
          action: 'mail.run_digest',
          targetType: 'digest_run',
          targetId: plan.runId,
          after: reply,
        });
        return reply;
      } finally {
        await repo.releaseLease(RUN_TODAY_LEASE, holder);
      }
    },

    /**
     * Sends one delivery again, rendered from its stored plan, to the address it went to — only
     * while that is still the user's address, they are subscribed and not disabled. The delivery
     * row keeps its status (it records the digest run); the audit log records the resend.
     */
    async resend(actorId: number, id: number): Promise<TMailResendReply> {
      const d = await repo.delivery(id);
      if (!d) {
        throw AppError.notFound(MAIL_MSG.deliveryNotFound);
      }
      if (d.status === 'planned' || d.status === 'sending') {
        throw refused(MAIL_MSG.notSentYet);
      }
      if (d.user_status !== 1) {
        throw refused(MAIL_MSG.disabled);
      }
      if (d.subscribed !== 1) {
        throw refused(MAIL_MSG.unsubscribed);
      }
      if (d.user_email !== d.email) {
        throw refused(MAIL_MSG.addressChanged);
      }
      // The same grouping as a first send (digest.service sendOne): unpublished headlines drop out.
      const plan = JSON.parse(d.items) as DigestGroup[];
      const ids = idsOfGroups([plan]);
      const groups = groupsToRender(
        plan,
        d.user_id,
        {
          headlines: new Map((await digestRepo.headlinesByIds(ids.headlines)).map((h) => [h.id, h])),
          reports: new Map((await digestRepo.reportsByIds(ids.reports)).map((r) => [r.id, r])),
        },
        deps.secret,
      );
      if (groups.length === 0) {
        throw refused(MAIL_MSG.noHeadlines);
      }
      const message = renderer.render({
        digestId: d.id,
        day: d.day,
        to: d.email,
        unsubscribeToken: unsubscribeToken(deps.secret, d.user_id),
        groups,
      });
      const at = now();
      // A Message-ID of its own: with the first send's, receivers would drop the resend as a duplicate.
      const messageId = message.messageId?.replace(/^<digest-/, `<digest-resend-${at}-`);
      try {
        await mailer.send({ ...message, ...(messageId ? { messageId } : {}) });
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        log('warn', 'digest resend failed', { digest: d.id, error });
        throw new AppError(502, ResultCode.failure, `${MAIL_MSG.sendFailed}：${error}`);
      }
      log('info', 'digest resent', { digest: d.id, actor: actorId });
      await audit.record({
        actorId,
        action: 'mail.resend',
        targetType: 'digest',
        targetId: d.id,
        before: { status: d.status, sent_at: d.sent_at },
        after: { status: d.status, resent_at: at, to: maskEmail(d.email) },
      });
      return { id: d.id, email: maskEmail(d.email), sent_at: at };
    },
  };
}
