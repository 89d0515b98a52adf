/**
 * Wall-clock arithmetic in an IANA time zone with Intl only (no tz library): the digest goes
 * out at DIGEST_TIME local time, and its "day" is the local calendar date. Asia/Shanghai has
 * no DST, but other zones do, so a local time is converted to an instant by asking the zone
 * for its offset at that instant and correcting once more across a transition.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallTime(instantMs: number, timeZone: string): Wall {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instantMs))) {
    if (p.type !== 'literal') {
      parts[p.type] = Number(p.value);
    }
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The zone's offset from UTC at an instant, in ms (Asia/Shanghai: +8 h). */
function offsetAt(instantMs: number, timeZone: string): number {
  const w = wallTime(instantMs, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/** The local calendar date of an instant, `YYYY-MM-DD`. */
export function localDay(instant: Date, timeZone: string): string {
  const w = wallTime(instant.getTime(), timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/**
 * The instant at which the local clock in `timeZone` shows `day` `time` (`HH:MM`). A local time
 * skipped by a DST jump resolves to the instant just after the gap; a repeated one to its first occurrence.
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wallAsUtc = Date.UTC(y, m - 1, d, hh, mm);
  // Guess with the offset at the wall time read as UTC, then with the offset at the guess.
  const first = wallAsUtc - offsetAt(wallAsUtc, timeZone);
  const second = wallAsUtc - offsetAt(first, timeZone);
  if (second === first) {
    return new Date(first);
  }
  // Across a transition the two guesses differ: take the earlier that really shows this wall time,
  // else (a skipped time) the later one, which lands just after the gap.
  const [early, late] = first < second ? [first, second] : [second, first];
  return new Date(early + offsetAt(early, timeZone) === wallAsUtc ? early : late);
}

/** The day after `day` (`YYYY-MM-DD`). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The next scheduled digest strictly after `now`: today's slot if still ahead, else tomorrow's. */
export function nextRunAt(now: Date, time: string, timeZone: string): { day: string; at: Date } {
  const today = localDay(now, timeZone);
  const todays = zonedInstant(today, time, timeZone);
  if (todays.getTime() > now.getTime()) {
    return { day: today, at: todays };
  }
  const tomorrow = nextDay(today);
  return { day: tomorrow, at: zonedInstant(tomorrow, time, timeZone) };
}
