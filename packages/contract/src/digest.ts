import { z } from 'zod';
import { adminPageField, adminPageSizeField } from './admin/paging.ts';
import { idField } from './rules/fields.ts';

/**
 * The daily digest's admin log and the unsubscribe calls (issue 6). Paths are ours: the spec
 * names only the /unsubscribe page and its from_where query.
 */

/** `from_where` values stored with an unsubscribe: the e-mail link says 'email'; anything else is kept as given. */
export const UNSUBSCRIBE_FROM = { email: 'email', others: 'others' } as const;

const ZFromWhere = z
  .string()
  .trim()
  .max(50)
  .regex(/^[A-Za-z0-9_-]*$/)
  .optional()
  .transform((v) => (v === undefined || v === '' ? UNSUBSCRIBE_FROM.others : v));

/** GET /api/unsubscribe/info?token= (token optional when logged in). */
export const ZUnsubscribeInfoQuery = z.object({ token: z.string().trim().max(100).optional() });

export const ZUnsubscribeInfo = z.object({
  /** The receiving address the digest goes to ('' when none is set). */
  email: z.string(),
  /** 1: receives the daily digest; 0: unsubscribed. */
  subscribed: z.union([z.literal(0), z.literal(1)]),
});
export type TUnsubscribeInfo = z.infer<typeof ZUnsubscribeInfo>;

/**
 * POST /api/unsubscribe: JSON `{token?, from_where?}`; the RFC 8058 one-click POST from a mail
 * client sends the form body `List-Unsubscribe=One-Click` with the token in the query string.
 */
export const ZUnsubscribeRequest = z.object({
  token: z.string().trim().max(100).optional(),
  from_where: ZFromWhere,
  'List-Unsubscribe': z.string().optional(),
});
export const ZUnsubscribeQuery = z.object({ token: z.string().trim().max(100).optional() });

export const DIGEST_STATUSES = ['planned', 'sending', 'sent', 'failed', 'skipped'] as const;
export type TDigestStatus = (typeof DIGEST_STATUSES)[number];

/** GET /api/admin/digest/runs?page=&page_size= (role 2). */
export const ZDigestRunsQuery = z.object({ page: adminPageField, page_size: adminPageSizeField });

export const ZDigestRun = z.object({
  id: z.number(),
  day: z.string(),
  trigger: z.string(),
  host: z.string(),
  status: z.string(),
  cutoff_at: z.number(),
  subscribers: z.number(),
  planned: z.number(),
  headlines: z.number(),
  error: z.string().nullable(),
  started_at: z.number(),
  finished_at: z.number().nullable(),
  /** Digests of this run by status now (sent, planned, sending, failed, skipped). */
  counts: z.record(z.string(), z.number()),
});
export type TDigestRun = z.infer<typeof ZDigestRun>;
export const ZDigestRunsReply = z.object({ data: z.array(ZDigestRun), total: z.number() });

/** GET /api/admin/digest/deliveries?run_id=&status=&page=&page_size= (role 2). */
export const ZDigestDeliveriesQuery = z.object({
  run_id: idField.optional(),
  status: z.enum(DIGEST_STATUSES).optional(),
  page: adminPageField,
  page_size: adminPageSizeField,
});

export const ZDigestDelivery = z.object({
  id: z.number(),
  run_id: z.number(),
  user_id: z.number(),
  day: z.string(),
  email: z.string(),
  headline_count: z.number(),
  status: z.string(),
  attempts: z.number(),
  next_attempt_at: z.number(),
  sent_at: z.number().nullable(),
  message_id: z.string().nullable(),
  error: z.string().nullable(),
});
export type TDigestDelivery = z.infer<typeof ZDigestDelivery>;
export const ZDigestDeliveriesReply = z.object({ data: z.array(ZDigestDelivery), total: z.number() });
