import {
  ADMIN_CONTENT_TYPES,
  ANALYTICS_MAX_DAYS,
  ANALYTICS_MSG,
  daysBetween,
  type TAnalyticsDay,
  type TAnalyticsOverview,
  type TAnalyticsQuery,
  type TAnalyticsTotals,
  type TAnalyticsTypeCounts,
} from '@portal/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { localDay, nextDay } from '../digest/digest-time.ts';
import { createAnalyticsRepo } from './analytics.repo.ts';

/** The range shown when none is asked for: the last 30 days, today included. */
const DEFAULT_DAYS = 30;
const TOP = 10;

const METRIC_FIELD = {
  login: 'logins',
  search: 'searches',
  search_zero: 'zero_searches',
  view: 'views',
  download: 'downloads',
  favorite: 'favorites',
} as const;

/** A login row's method; rows from before methods were recorded ('') were phone-code logins. */
function loginField(method: string): 'logins_phone' | 'logins_sso' | 'logins_wechat' {
  return method === 'sso' ? 'logins_sso' : method === 'wechat' ? 'logins_wechat' : 'logins_phone';
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

const zeros = (): TAnalyticsTotals => ({
  active_users: 0,
  logins: 0,
  logins_phone: 0,
  logins_sso: 0,
  logins_wechat: 0,
  searches: 0,
  zero_searches: 0,
  views: 0,
  downloads: 0,
  favorites: 0,
  digest_sent: 0,
  digest_failed: 0,
});

/** The back-office's figures over a range of local days (GET /api/admin/analytics/overview). */
export function createAnalyticsService(deps: { db: Db; clock: Clock; timeZone: string }) {
  const repo = createAnalyticsRepo(deps.db);
  return {
    async overview(q: TAnalyticsQuery): Promise<TAnalyticsOverview> {
      const to =
        q.to ?? (q.from ? addDays(q.from, DEFAULT_DAYS - 1) : localDay(deps.clock.now(), deps.timeZone));
      const from = q.from ?? addDays(to, -(DEFAULT_DAYS - 1));
      if (from > to) {
        throw AppError.badRequest(ANALYTICS_MSG.fromAfterTo);
      }
      if (daysBetween(from, to) > ANALYTICS_MAX_DAYS) {
        throw AppError.badRequest(ANALYTICS_MSG.tooLong);
      }
      const [daily, active, activeDistinct, top, topZero, digests] = await Promise.all([
        repo.daily(from, to),
        repo.activeByDay(from, to),
        repo.activeDistinct(from, to),
        repo.topQueries(from, to, 'count', TOP),
        repo.topQueries(from, to, 'zero_count', TOP),
        repo.digestsByDay(from, to),
      ]);

      const days = new Map<string, TAnalyticsDay>();
      for (let day = from; day <= to; day = nextDay(day)) {
        days.set(day, { day, ...zeros(), active_users: active.get(day) ?? 0 });
      }
      const byType = new Map<string, TAnalyticsTypeCounts>(
        ADMIN_CONTENT_TYPES.map((type) => [type, { type, views: 0, downloads: 0, favorites: 0 }]),
      );
      for (const row of daily) {
        const field = METRIC_FIELD[row.metric as keyof typeof METRIC_FIELD] as
          (typeof METRIC_FIELD)[keyof typeof METRIC_FIELD] | undefined;
        const day = days.get(row.day);
        if (!field || !day) {
          continue;
        }
        day[field] += row.count;
        if (field === 'logins') {
          day[loginField(row.content_type)] += row.count;
        }
        const perType = byType.get(row.content_type);
        if (perType && (field === 'views' || field === 'downloads' || field === 'favorites')) {
          perType[field] += row.count;
        }
      }
      for (const row of digests) {
        const day = days.get(row.day);
        if (day) {
          day[row.status === 'sent' ? 'digest_sent' : 'digest_failed'] += row.n;
        }
      }

      const totals = zeros();
      for (const day of days.values()) {
        for (const key of Object.keys(totals) as (keyof TAnalyticsTotals)[]) {
          totals[key] += day[key];
        }
      }
      // Over a range, active users are distinct people, not the sum of the days.
      totals.active_users = activeDistinct;

      return {
        from,
        to,
        days: [...days.values()],
        totals,
        top_queries: top,
        top_zero_queries: topZero,
        by_type: [...byType.values()],
        opens_measured: false,
      };
    },
  };
}
