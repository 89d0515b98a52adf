/**
 * A daily digest slot twelve hours from now (UTC), so that no scheduled run — nor the catch-up
 * run a server makes when it starts within the hour after the slot (08:00 Asia/Shanghai by
 * default, 00:00–01:00 UTC) — sends today's digest behind a spec's back. Specs send digests
 * through the back-office's run instead, and expect the demo users to have had none before it.
 */
export function digestSlotAway(now: Date = new Date()): Record<string, string> {
  return {
    DIGEST_TIME: `${String((now.getUTCHours() + 12) % 24).padStart(2, '0')}:00`,
    DIGEST_TIMEZONE: 'UTC',
  };
}
