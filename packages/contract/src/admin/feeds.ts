import { z } from 'zod';
import { MSG, type TMessage } from '../messages.ts';
import { idField } from '../rules/fields.ts';
import { matches, maxChars, required, textRule } from '../rules/rule.ts';
import { textSchema } from '../rules/schema.ts';
import { adminPageField, adminPageSizeField } from './paging.ts';
import { validateAdminShortText } from './content.ts';

/**
 * Back-office feed sources (issue 18): RSS / Atom / RDF / JSON Feed sources whose items become
 * headlines. Fixed by the issue: POST /api/admin/feeds ({url, name} + optional fields → {id})
 * and POST /api/admin/feeds/{id}/poll (→ {added, updated, skipped, error?}).
 */

/** weekdays_0800: Monday–Friday just before the 08:00 digest (Asia/Shanghai); every_n_minutes: every `interval_minutes`. */
export const FEED_SCHEDULES = ['weekdays_0800', 'every_n_minutes'] as const;
export type TFeedSchedule = (typeof FEED_SCHEDULES)[number];
export const FEED_INTERVAL_MIN = 5;
export const FEED_INTERVAL_MAX = 1440;
export const FEED_URL_MAX = 1000;
export const FEED_NAME_MAX = 100;

export const validateFeedUrl = textRule(
  required(MSG.feedUrlInvalid),
  maxChars(FEED_URL_MAX, MSG.feedUrlInvalid),
  matches(/^https?:\/\/[^\s/?#]+[^\s]*$/i, MSG.feedUrlInvalid),
);
export const validateFeedName = textRule(
  required(MSG.feedNameRequired),
  maxChars(FEED_NAME_MAX, MSG.feedNameTooLong),
);

/** The every-N-minutes interval as a form holds it (a number input): whole minutes, 5 to 1440. */
export function validateFeedInterval(value: number | string | null | undefined): TMessage | null {
  const n = typeof value === 'string' ? Number(value.trim() === '' ? NaN : value) : (value ?? NaN);
  return Number.isInteger(n) && n >= FEED_INTERVAL_MIN && n <= FEED_INTERVAL_MAX
    ? null
    : MSG.feedIntervalInvalid;
}

const ZInterval = z.coerce
  .number<number | string>({ error: MSG.feedIntervalInvalid })
  .int({ error: MSG.feedIntervalInvalid })
  .min(FEED_INTERVAL_MIN, { error: MSG.feedIntervalInvalid })
  .max(FEED_INTERVAL_MAX, { error: MSG.feedIntervalInvalid });

const ZFeedFields = z.object({
  url: textSchema(validateFeedUrl),
  /** Shown as each headline's source (publisher). */
  name: textSchema(validateFeedName),
  category: textSchema(validateAdminShortText).default(''),
  enabled: z.boolean({ error: MSG.badRequest }).default(true),
  schedule: z.enum(FEED_SCHEDULES, { error: MSG.badRequest }).default('weekdays_0800'),
  /** Required with every_n_minutes, ignored otherwise. */
  interval_minutes: ZInterval.nullish(),
});

const intervalGiven = (f: { schedule: TFeedSchedule; interval_minutes?: number | null }) =>
  f.schedule !== 'every_n_minutes' || (f.interval_minutes ?? null) !== null;

/** POST /api/admin/feeds. */
export const ZAdminFeedCreate = ZFeedFields.refine(intervalGiven, {
  error: MSG.feedIntervalInvalid,
  path: ['interval_minutes'],
});
export type TAdminFeedCreate = z.input<typeof ZAdminFeedCreate>;

/** PUT /api/admin/feeds/{id}: every field again, with the version the editor loaded. */
export const ZAdminFeedUpdate = ZFeedFields.extend({
  version: z.coerce.number<number | string>({ error: MSG.badRequest }).int().min(1).max(2_147_483_647),
}).refine(intervalGiven, { error: MSG.feedIntervalInvalid, path: ['interval_minutes'] });
export type TAdminFeedUpdate = z.input<typeof ZAdminFeedUpdate>;

/** PUT /api/admin/feeds/{id}/enabled. */
export const ZAdminFeedEnabled = z.object({ enabled: z.boolean({ error: MSG.badRequest }) });

export const ZAdminFeedParams = z.object({ id: idField });

/** GET /api/admin/feeds?page=&page_size=. */
export const ZAdminFeedsQuery = z.object({ page: adminPageField, page_size: adminPageSizeField });

export const ZAdminFeed = z.object({
  id: z.number(),
  url: z.string(),
  name: z.string(),
  category: z.string(),
  enabled: z.boolean(),
  schedule: z.enum(FEED_SCHEDULES),
  interval_minutes: z.number().nullable(),
  /** Epoch ms of the last poll (null: never polled). */
  last_fetched_at: z.number().nullable(),
  last_status: z.enum(['ok', 'error']).nullable(),
  /** Short Chinese reason of the last failure. */
  last_error: z.string().nullable(),
  last_added: z.number(),
  last_updated: z.number(),
  last_skipped: z.number(),
  /** When the scheduler polls it next (null while disabled). */
  next_poll_at: z.number().nullable(),
  version: z.number(),
  created_at: z.number(),
});
export type TAdminFeed = z.infer<typeof ZAdminFeed>;
export const ZAdminFeedsReply = z.object({ data: z.array(ZAdminFeed), total: z.number() });
export type TAdminFeedsReply = z.infer<typeof ZAdminFeedsReply>;

/**
 * One poll's outcome. added: new headlines; updated: headlines whose text changed; skipped:
 * items not taken (unusable, beyond the per-poll cap, body too large); error: why the poll
 * failed (the source's last error), absent when it succeeded.
 */
export const ZAdminFeedPollReply = z.object({
  added: z.number(),
  updated: z.number(),
  skipped: z.number(),
  error: z.string().optional(),
});
export type TAdminFeedPollReply = z.infer<typeof ZAdminFeedPollReply>;

export const ZAdminFeedStateReply = z.object({ id: z.number(), version: z.number(), enabled: z.boolean() });
export type TAdminFeedStateReply = z.infer<typeof ZAdminFeedStateReply>;
