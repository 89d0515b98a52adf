/**
 * The portal's clock is Asia/Shanghai for everyone (spec: create_time, the 08:00 digest, report
 * dates), whatever zone the reader's or the editor's browser is in. UTC+8 all year (no daylight
 * saving), so it is computed by hand, independent of the ICU data a browser or Node carries.
 */
export const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

const pad = (n: number) => String(n).padStart(2, '0');

function shanghaiParts(ms: number) {
  const d = new Date(ms + SHANGHAI_OFFSET_MS);
  return {
    date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    minute: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
    second: pad(d.getUTCSeconds()),
  };
}

/** `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai (the spec's create_time). */
export function shanghaiDateTime(ms: number): string {
  const { date, minute, second } = shanghaiParts(ms);
  return `${date} ${minute}:${second}`;
}

/** `YYYY-MM-DD HH:mm` in Asia/Shanghai (the back-office's tables). */
export function shanghaiMinute(ms: number): string {
  const { date, minute } = shanghaiParts(ms);
  return `${date} ${minute}`;
}

/** `YYYY-MM-DD` in Asia/Shanghai. */
export function shanghaiDate(ms: number): string {
  return shanghaiParts(ms).date;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The instant a Shanghai wall-clock time names: `YYYY-MM-DD[ HH:mm[:ss]]` (what a date picker
 * shows) → epoch ms; NaN for anything else. The inverse of `shanghaiDateTime`.
 */
export function shanghaiWallTimeMs(wall: string): number {
  const m = WALL_TIME.exec(wall);
  if (!m) {
    return Number.NaN;
  }
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  return (
    Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - SHANGHAI_OFFSET_MS
  );
}
