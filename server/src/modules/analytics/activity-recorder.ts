import type { TAdminContentType, TLoginMethod } from '@portal/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ContentType } from '../content/content-types.ts';
import type { StatCounter } from '../content/content-stats.repo.ts';
import { localDay, nextDay, zonedInstant } from '../digest/digest-time.ts';
import { createAnalyticsRepo, type DailyCount, type QueryCount } from './analytics.repo.ts';

/** Metrics of analytics_daily. `login` rows name the method in `content_type` ('' before it was recorded: phone). */
export type DailyMetric = 'login' | 'search' | 'search_zero' | 'view' | 'download' | 'favorite';

const CONTENT_METRIC: Partial<Record<StatCounter, DailyMetric>> = {
  views: 'view',
  downloads: 'download',
  favorites: 'favorite',
};

/** The back-office names content types as its tables do. */
export const ADMIN_TYPE_OF: Record<ContentType, TAdminContentType> = {
  report: 'report',
  business: 'headline',
  insight: 'analysis',
  material: 'material',
};

/** Recorded keywords are cut to this many characters (analytics_queries.query is varchar(100)). */
const QUERY_CHARS = 100;
/** Users remembered as already counted today; past this the memory starts over (the insert ignores repeats). */
const ACTIVE_MEMORY = 200_000;

export type ActivityRecorder = ReturnType<typeof createActivityRecorder>;

/**
 * Counts what users do, per local day, for the back-office's analytics. Calls sit on request
 * paths, so with `flushMs` > 0 (the server) they only add to memory, and a timer writes the sums
 * every `flushMs` — one upsert per table, however many requests — and on close. With 0 (tests)
 * each call writes at once. Several processes add to the same rows: the upserts add, never set.
 */
export function createActivityRecorder(deps: {
  db: Db;
  clock: Clock;
  timeZone: string;
  flushMs: number;
  onError?: (err: unknown) => void;
}) {
  const { clock, timeZone, flushMs } = deps;
  const repo = createAnalyticsRepo(deps.db);
  const onError = deps.onError ?? (() => {});

  // The local day of now, recomputed only when the clock passes the day's end.
  let today = '';
  let todayEnds = 0;
  const dayNow = (): string => {
    const now = clock.now();
    if (now.getTime() >= todayEnds || now.getTime() < todayEnds - 26 * 3600_000) {
      today = localDay(now, timeZone);
      todayEnds = zonedInstant(nextDay(today), '00:00', timeZone).getTime();
      activeToday.clear();
    }
    return today;
  };
  const activeToday = new Set<number>();

  let daily = new Map<string, DailyCount>();
  let queries = new Map<string, QueryCount>();
  let userDays: { user_id: number; day: string }[] = [];

  const addDaily = (metric: DailyMetric, contentType = '', by = 1) => {
    const day = dayNow();
    const key = `${day}\u0000${metric}\u0000${contentType}`;
    const row = daily.get(key);
    if (row) {
      row.count += by;
    } else {
      daily.set(key, { day, metric, content_type: contentType, count: by });
    }
  };

  /** Queues (user, today) unless this process already did today; true when queued. */
  const markActive = (userId: number): boolean => {
    const day = dayNow();
    if (activeToday.has(userId)) {
      return false;
    }
    if (activeToday.size >= ACTIVE_MEMORY) {
      activeToday.clear();
    }
    activeToday.add(userId);
    userDays.push({ user_id: userId, day });
    return true;
  };

  let writing: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    const d = [...daily.values()];
    const q = [...queries.values()];
    const u = userDays;
    daily = new Map();
    queries = new Map();
    userDays = [];
    if (d.length + q.length + u.length === 0) {
      return writing;
    }
    // One write at a time, in order: a slow flush never overlaps the next.
    writing = writing.then(async () => {
      try {
        await repo.addDaily(d);
        await repo.addQueries(q);
        await repo.addUserDays(u);
      } catch (err) {
        onError(err);
      }
    });
    return writing;
  };
  const written = (): Promise<void> => (flushMs > 0 ? Promise.resolve() : flush());

  const timer = flushMs > 0 ? setInterval(() => void flush(), flushMs) : undefined;
  timer?.unref();

  return {
    /** A successful login by `method` (a phone code, SSO or WeChat); the user is active today too. */
    login(userId: number, method: TLoginMethod = 'phone'): Promise<void> {
      addDaily('login', method);
      markActive(userId);
      return written();
    },

    /** An authenticated request: the user counts as active today (written once per user and day). */
    active(userId: number): Promise<void> {
      return markActive(userId) ? written() : Promise.resolve();
    },

    /** A keyword search's first page and how many hits it found. */
    searched(keyword: string, found: number): Promise<void> {
      // Control characters are not part of a word (and PostgreSQL text cannot hold NUL).
      // eslint-disable-next-line no-control-regex
      const words = keyword.replace(/[\u0000-\u001f\u007f]/g, ' ');
      const query = [...words.replace(/\s+/g, ' ').trim()].slice(0, QUERY_CHARS).join('');
      if (query === '') {
        return Promise.resolve();
      }
      const zero = found === 0 ? 1 : 0;
      addDaily('search');
      if (zero) {
        addDaily('search_zero');
      }
      const day = dayNow();
      const key = `${day}\u0000${query}`;
      const row = queries.get(key);
      if (row) {
        row.count++;
        row.zero_count += zero;
      } else {
        queries.set(key, { day, query, count: 1, zero_count: zero });
      }
      return written();
    },

    /** A content counter moved (content.bump): views, downloads and new favourites are counted per type. */
    counted(type: ContentType, counter: StatCounter, by: number): Promise<void> {
      const metric = CONTENT_METRIC[counter];
      // An unfavourite is not an activity of the day; views and downloads only ever add.
      if (metric === undefined || by <= 0) {
        return Promise.resolve();
      }
      addDaily(metric, ADMIN_TYPE_OF[type], by);
      return written();
    },

    /** Writes what is buffered now (tests, shutdown). */
    flush,

    async close(): Promise<void> {
      if (timer) {
        clearInterval(timer);
      }
      await flush();
    },
  };
}
