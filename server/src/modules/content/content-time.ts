/** Asia/Shanghai is UTC+8 all year (no daylight saving): computed by hand, independent of ICU. */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const pad = (n: number) => String(n).padStart(2, '0');

function shanghaiParts(ms: number) {
  const d = new Date(ms + SHANGHAI_OFFSET_MS);
  return {
    date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
  };
}

/** `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai (the spec's create_time). */
export function shanghaiDateTime(ms: number): string {
  const { date, time } = shanghaiParts(ms);
  return `${date} ${time}`;
}

/** `YYYY-MM-DD` in Asia/Shanghai. */
export function shanghaiDate(ms: number): string {
  return shanghaiParts(ms).date;
}

/**
 * The card's relative time (time_format): 刚刚, N分钟前, N小时前, N天前 within 30 days,
 * then the date. A time in the future (clock skew) reads 刚刚.
 */
export function relativeTime(ms: number, nowMs: number): string {
  const age = nowMs - ms;
  if (age < MINUTE_MS) {
    return '刚刚';
  }
  if (age < HOUR_MS) {
    return `${Math.floor(age / MINUTE_MS)}分钟前`;
  }
  if (age < DAY_MS) {
    return `${Math.floor(age / HOUR_MS)}小时前`;
  }
  if (age < 30 * DAY_MS) {
    return `${Math.floor(age / DAY_MS)}天前`;
  }
  return shanghaiDate(ms);
}
