import dayjs from 'dayjs';

/** Epoch milliseconds as the back-office shows times: 2026-11-25 13:40. */
export function formatTime(ms: number | null | undefined): string {
  return ms === null || ms === undefined || ms <= 0 ? '—' : dayjs(ms).format('YYYY-MM-DD HH:mm');
}
