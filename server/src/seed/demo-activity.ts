import {
  createAnalyticsRepo,
  type DailyCount,
  type QueryCount,
} from '../modules/analytics/analytics.repo.ts';
import { localDay } from '../modules/digest/digest-time.ts';
import type { Db } from '../db/database.ts';

/** DEMO DATA: days of made-up activity before the install, so 数据统计 has figures to show. */
export const DEMO_ACTIVITY_DAYS = 30;
const DAY_MS = 24 * 3600_000;
/** The demo install's time zone (DIGEST_TIMEZONE's default), in which analytics counts days. */
const TIME_ZONE = 'Asia/Shanghai';

/** Searches of the demo history: business terms of the demo library, the first ones most often. */
const QUERIES = [
  '新能源汽车',
  '动力电池',
  '宁德时代',
  '跨境电商',
  '光伏',
  '储能',
  '人工智能',
  '半导体',
  '新茶饮',
  '医疗器械',
  '创新药',
  '消费电子',
];
/** Searches that found nothing in the demo history. */
const MISSES = ['低空经济保险', '脑机接口', '量子计算', '元宇宙地产'];
const TYPES = {
  report: { views: [20, 60], downloads: [2, 10], favorites: [0, 4] },
  headline: { views: [30, 90], downloads: [0, 0], favorites: [0, 3] },
  analysis: { views: [5, 25], downloads: [0, 4], favorites: [0, 2] },
  material: { views: [5, 20], downloads: [1, 5], favorites: [0, 2] },
} as const;

/** mulberry32: the same figures on every demo install. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * DEMO DATA, written only by the demo seed (with the demo accounts, on an empty database): per-day
 * counters, searched words and the demo accounts' active days for the DEMO_ACTIVITY_DAYS before
 * `now`'s day. Today is left to real use. Deterministic (a fixed seed); weekends are quieter.
 */
export async function seedDemoActivity(db: Db, userIds: readonly number[], now: number): Promise<void> {
  const rand = random(20261125);
  const between = ([lo, hi]: readonly [number, number], scale = 1) =>
    Math.round((lo + rand() * (hi - lo)) * scale);
  const daily: DailyCount[] = [];
  const queries: QueryCount[] = [];
  const userDays: { user_id: number; day: string }[] = [];
  for (let back = DEMO_ACTIVITY_DAYS; back >= 1; back--) {
    const at = new Date(now - back * DAY_MS);
    const day = localDay(at, TIME_ZONE);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const scale = weekday === 0 || weekday === 6 ? 0.4 : 1;
    const active = userIds.filter((_, i) => rand() < (i === 0 ? 0.85 : 0.55) * (scale < 1 ? 0.6 : 1));
    for (const id of active) {
      userDays.push({ user_id: id, day });
    }
    daily.push({ day, metric: 'login', content_type: '', count: active.length === 0 ? 0 : between([1, 3]) });

    const searched = new Map<string, QueryCount>();
    const searches = between([8, 40], scale);
    let zero = 0;
    for (let i = 0; i < searches; i++) {
      const miss = rand() < 0.1;
      // Zipf-like: the first words of the list are searched most.
      const query = miss
        ? (MISSES[Math.floor(rand() * MISSES.length)] as string)
        : (QUERIES[Math.floor(QUERIES.length * rand() ** 2)] as string);
      const row = searched.get(query) ?? { day, query, count: 0, zero_count: 0 };
      row.count++;
      row.zero_count += miss ? 1 : 0;
      zero += miss ? 1 : 0;
      searched.set(query, row);
    }
    queries.push(...searched.values());
    daily.push({ day, metric: 'search', content_type: '', count: searches });
    daily.push({ day, metric: 'search_zero', content_type: '', count: zero });

    for (const [type, ranges] of Object.entries(TYPES)) {
      daily.push({ day, metric: 'view', content_type: type, count: between(ranges.views, scale) });
      daily.push({ day, metric: 'download', content_type: type, count: between(ranges.downloads, scale) });
      daily.push({ day, metric: 'favorite', content_type: type, count: between(ranges.favorites, scale) });
    }
  }
  const repo = createAnalyticsRepo(db);
  await repo.addDaily(daily.filter((d) => d.count > 0));
  await repo.addQueries(queries);
  await repo.addUserDays(userDays);
}
