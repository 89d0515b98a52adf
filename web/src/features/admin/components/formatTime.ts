import { shanghaiMinute } from '@portal/contract';

/**
 * Epoch milliseconds as the back-office shows times: 2026-11-25 13:40, in Asia/Shanghai like
 * every time readers see, whatever zone the editor's browser is in.
 */
export function formatTime(ms: number | null | undefined): string {
  return ms === null || ms === undefined || ms <= 0 ? '—' : shanghaiMinute(ms);
}
