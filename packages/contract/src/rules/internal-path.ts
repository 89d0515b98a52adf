// No zod here: the web's entry chunk (the login guard's return path) imports this file alone.

/** Any origin we control would do: only "is it still this origin" is asked of it. */
const SAME_ORIGIN = 'http://portal.invalid';
/**
 * Characters the URL parser silently drops or reads as `/` (tab, line breaks, other controls,
 * backslash): `/\t/evil.com` parses as `//evil.com`, another host. Refused before parsing.
 */
// eslint-disable-next-line no-control-regex
const URL_TRAPS = /[\u0000-\u001F\u007F-\u009F\\]/;

/**
 * The portal page `url` names, normalised by the URL parser (`/a/../b` → `/b`), or null when it
 * is anything but a path on this site: another origin (`//host`, `https:`), a `javascript:` URL,
 * or a path that only becomes one of those once parsed. Notes store this; the web links with it.
 */
export function internalPath(url: string): string | null {
  if (!url.startsWith('/') || URL_TRAPS.test(url)) {
    return null;
  }
  let parsed: URL;
  try {
    parsed = new URL(url, SAME_ORIGIN);
  } catch {
    return null;
  }
  const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  return parsed.origin === SAME_ORIGIN && !path.startsWith('//') ? path : null;
}
