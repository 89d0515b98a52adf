/** sessionStorage key holding where an /unsubscribe visit came from (spec §2 `from_where`). */
export const UNSUBSCRIBE_ORIGIN_KEY = 'unsubscribe_from_where';

export function rememberUnsubscribeOrigin(origin: string): void {
  try {
    window.sessionStorage.setItem(UNSUBSCRIBE_ORIGIN_KEY, origin);
  } catch {
    // Storage can be disabled (private mode); the origin is only a hint for statistics.
  }
}

export function readUnsubscribeOrigin(): string | null {
  try {
    return window.sessionStorage.getItem(UNSUBSCRIBE_ORIGIN_KEY);
  } catch {
    return null;
  }
}
