import type { TFeedSchedule } from '@portal/contract';
import { localDay, nextDay, zonedInstant } from '../digest/digest-time.ts';

/**
 * weekdays_0800 polls Monday to Friday at 07:50 local time: the spec's 08:00 headline update,
 * landed just before the 08:00 digest reads "new since the last digest".
 */
export const WEEKDAY_POLL_TIME = '07:50';

/** When a source polls next after `now` (ms). */
export function nextPollAt(
  schedule: TFeedSchedule,
  intervalMinutes: number | null,
  now: number,
  timeZone: string,
): number {
  if (schedule === 'every_n_minutes') {
    return now + Math.max(5, intervalMinutes ?? 60) * 60_000;
  }
  let day = localDay(new Date(now), timeZone);
  for (let i = 0; i < 8; i++) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const at = zonedInstant(day, WEEKDAY_POLL_TIME, timeZone).getTime();
    if (weekday >= 1 && weekday <= 5 && at > now) {
      return at;
    }
    day = nextDay(day);
  }
  throw new Error('no weekday within a week');
}
