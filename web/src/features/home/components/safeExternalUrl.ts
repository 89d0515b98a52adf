/**
 * A banner's redirect_url if it is safe to open: http(s), or a path on this site. Anything
 * else (javascript:, data: …) is refused, whatever the back-office let through.
 */
export function safeExternalUrl(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
