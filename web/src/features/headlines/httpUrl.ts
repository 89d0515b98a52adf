/**
 * A headline's source_url if it is safe to link to (http or https); anything else — javascript:,
 * data: … — is dropped. (The home banner has its own copy; sharing it would split a chunk off the
 * home screen for 100 bytes.)
 */
export function httpUrl(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
