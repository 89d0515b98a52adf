import { z } from 'zod';
import { MSG } from '../messages.ts';
import { ADMIN_CONTENT_TYPES } from './content.ts';

/** The longest range the overview answers: a quarter, so a reply stays a few hundred rows. */
export const ANALYTICS_MAX_DAYS = 92;

export const ANALYTICS_MSG = {
  badDay: MSG.analyticsBadDay,
  fromAfterTo: MSG.analyticsFromAfterTo,
  /** Names ANALYTICS_MAX_DAYS (analytics.test.ts checks it). */
  tooLong: MSG.analyticsTooLong,
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day `YYYY-MM-DD` that exists (2026-02-30 does not). */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) {
    return false;
  }
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Days from `from` to `to`, both included (1 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const dayField = z.string({ error: ANALYTICS_MSG.badDay }).trim().refine(isCalendarDay, {
  error: ANALYTICS_MSG.badDay,
});

/**
 * GET /api/admin/analytics/overview?from=&to= (role 2): local days (Asia/Shanghai) from `from`
 * to `to`, both included, at most ANALYTICS_MAX_DAYS; both omitted → the last 30 days.
 */
export const ZAnalyticsQuery = z
  .object({ from: dayField.optional(), to: dayField.optional() })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    error: ANALYTICS_MSG.fromAfterTo,
  })
  .refine(
    (q) => q.from === undefined || q.to === undefined || daysBetween(q.from, q.to) <= ANALYTICS_MAX_DAYS,
    {
      error: ANALYTICS_MSG.tooLong,
    },
  );
export type TAnalyticsQuery = z.infer<typeof ZAnalyticsQuery>;

/** How a user signed in: a phone code, the SSO entry (/ucoss) or a WeChat QR (including binding a phone). */
export const LOGIN_METHODS = ['phone', 'sso', 'wechat'] as const;
export type TLoginMethod = (typeof LOGIN_METHODS)[number];

const counters = {
  /** Distinct users with an authenticated request that day (over the range: distinct users). */
  active_users: z.number(),
  logins: z.number(),
  /** `logins` split by method. */
  logins_phone: z.number(),
  logins_sso: z.number(),
  logins_wechat: z.number(),
  /** Keyword searches (first page; list pages without a keyword are not searches). */
  searches: z.number(),
  zero_searches: z.number(),
  views: z.number(),
  downloads: z.number(),
  favorites: z.number(),
  /** Digest e-mails sent / failed for good, by digest day. */
  digest_sent: z.number(),
  digest_failed: z.number(),
};

export const ZAnalyticsDay = z.object({ day: z.string(), ...counters });
export type TAnalyticsDay = z.infer<typeof ZAnalyticsDay>;
export const ZAnalyticsTotals = z.object(counters);
export type TAnalyticsTotals = z.infer<typeof ZAnalyticsTotals>;
export type TAnalyticsCounter = keyof typeof counters;

export const ZAnalyticsQueryCount = z.object({ query: z.string(), count: z.number() });
export type TAnalyticsQueryCount = z.infer<typeof ZAnalyticsQueryCount>;

export const ZAnalyticsTypeCounts = z.object({
  type: z.enum(ADMIN_CONTENT_TYPES),
  views: z.number(),
  downloads: z.number(),
  favorites: z.number(),
});
export type TAnalyticsTypeCounts = z.infer<typeof ZAnalyticsTypeCounts>;

export const ZAnalyticsOverview = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the range, oldest first (days without activity are zeros). */
  days: z.array(ZAnalyticsDay),
  totals: ZAnalyticsTotals,
  /** The 10 most searched keywords of the range. */
  top_queries: z.array(ZAnalyticsQueryCount),
  /** The 10 keywords that most often found nothing. */
  top_zero_queries: z.array(ZAnalyticsQueryCount),
  /** Views, downloads and new favourites per content type over the range. */
  by_type: z.array(ZAnalyticsTypeCounts),
  /** Digest opens are not measured (no tracking pixel): the screen says so. */
  opens_measured: z.boolean(),
});
export type TAnalyticsOverview = z.infer<typeof ZAnalyticsOverview>;
