import { z } from 'zod';
import { DIGEST_STATUSES } from '../digest.ts';
import { MSG } from '../messages.ts';
import { idField } from '../rules/fields.ts';
import { adminPageField, adminPageSizeField } from './paging.ts';

export const MAIL_MSG = {
  runInProgress: MSG.mailRunInProgress,
  deliveryNotFound: MSG.mailDeliveryNotFound,
  notSentYet: MSG.mailNotSentYet,
  unsubscribed: MSG.mailUnsubscribed,
  disabled: MSG.mailDisabled,
  addressChanged: MSG.mailAddressChanged,
  noHeadlines: MSG.mailNoHeadlines,
  sendFailed: MSG.mailSendFailed,
} as const;

/** Masks the local part of an address for back-office lists: `zh***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) {
    return email === '' ? '' : '***';
  }
  const local = email.slice(0, at);
  return `${[...local].slice(0, Math.min(2, Math.max(1, local.length - 1))).join('')}***${email.slice(at)}`;
}

/** GET /api/admin/mail/runs?page=&page_size= (role 2): digest runs newest first. */
export const ZMailRunsQuery = z.object({ page: adminPageField, page_size: adminPageSizeField });

export const ZMailRun = z.object({
  id: z.number(),
  day: z.string(),
  /** schedule (08:00) | manual (npm run digest, 立即发送) | bench */
  trigger: z.string(),
  /** planning | planned | failed (the planning pass; sending is per delivery). */
  status: z.string(),
  subscribers: z.number(),
  planned: z.number(),
  sent: z.number(),
  failed: z.number(),
  skipped: z.number(),
  /** Waiting for a first attempt or a retry, or being sent now. */
  pending: z.number(),
  error: z.string().nullable(),
  started_at: z.number(),
  finished_at: z.number().nullable(),
});
export type TMailRun = z.infer<typeof ZMailRun>;
export const ZMailRunsReply = z.object({
  data: z.array(ZMailRun),
  total: z.number(),
  /** Today's digest is being run from the back-office now (立即发送 is refused meanwhile). */
  running: z.boolean(),
});
export type TMailRunsReply = z.infer<typeof ZMailRunsReply>;

/** GET /api/admin/mail/deliveries?run_id=&status=&page=&page_size= (role 2), newest first. */
export const ZMailDeliveriesQuery = z.object({
  run_id: idField.optional(),
  status: z.enum(DIGEST_STATUSES).optional(),
  page: adminPageField,
  page_size: adminPageSizeField,
});
export type TMailDeliveriesQuery = z.infer<typeof ZMailDeliveriesQuery>;

export const ZMailDelivery = z.object({
  id: z.number(),
  run_id: z.number(),
  day: z.string(),
  user_id: z.number(),
  /** Nickname, or the masked phone when the nickname is empty. */
  user: z.string(),
  email: z.string(),
  headline_count: z.number(),
  status: z.enum(DIGEST_STATUSES),
  attempts: z.number(),
  /** When a planned delivery is tried (again). */
  next_attempt_at: z.number(),
  sent_at: z.number().nullable(),
  /** The last SMTP error, or why it was skipped (unsubscribed, no address, headlines removed). */
  error: z.string().nullable(),
});
export type TMailDelivery = z.infer<typeof ZMailDelivery>;
export const ZMailDeliveriesReply = z.object({ data: z.array(ZMailDelivery), total: z.number() });
export type TMailDeliveriesReply = z.infer<typeof ZMailDeliveriesReply>;

export const SUPPRESSION_REASONS = ['unsubscribed', 'disabled'] as const;
export type TSuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** GET /api/admin/mail/suppressed?reason=&page=&page_size= (role 2): who gets no digest, and why. */
export const ZMailSuppressedQuery = z.object({
  reason: z.enum(SUPPRESSION_REASONS).optional(),
  page: adminPageField,
  page_size: adminPageSizeField,
});
export type TMailSuppressedQuery = z.infer<typeof ZMailSuppressedQuery>;

export const ZMailSuppressed = z.object({
  user_id: z.number(),
  user: z.string(),
  email: z.string(),
  reason: z.enum(SUPPRESSION_REASONS),
  /** Unsubscribed: `email` (the link or one-click) or `others` (settings). Disabled: null. */
  source: z.string().nullable(),
  since: z.number().nullable(),
});
export type TMailSuppressed = z.infer<typeof ZMailSuppressed>;
export const ZMailSuppressedReply = z.object({ data: z.array(ZMailSuppressed), total: z.number() });
export type TMailSuppressedReply = z.infer<typeof ZMailSuppressedReply>;

/** POST /api/admin/mail/run-today (role 2): plans today's digest and sends what is due. */
export const ZMailRunTodayReply = z.object({
  run_id: z.number(),
  day: z.string(),
  planned: z.number(),
  sent: z.number(),
  failed: z.number(),
  skipped: z.number(),
  retrying: z.number(),
});
export type TMailRunTodayReply = z.infer<typeof ZMailRunTodayReply>;

/** POST /api/admin/mail/deliveries/{id}/resend (role 2). */
export const ZMailDeliveryParams = z.object({ id: idField });
export const ZMailResendReply = z.object({ id: z.number(), email: z.string(), sent_at: z.number() });
export type TMailResendReply = z.infer<typeof ZMailResendReply>;
