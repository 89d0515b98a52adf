import { shanghaiDate } from '@portal/contract';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

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
