import { matchPath } from 'react-router';
import { internalPath, STATIC_ROUTES } from '@portal/contract';

/**
 * Deep links through login (issue 22): a page opened without a session — a headline link from
 * the digest, a QR code — is where the user lands after logging in, by phone, SSO or WeChat and
 * after onboarding. The target travels as `/login?redirect=<path>` and, because SSO and WeChat
 * leave the site and come back, in this tab's sessionStorage while the login page is open.
 * Only a path inside the portal is ever followed (`internalPath`): no open redirect.
 */
export const RETURN_PARAM = 'redirect';
const STORAGE_KEY = 'portal.return_to';

/** Pages not worth coming back to: the ways in, and where a login lands anyway. */
const NOT_A_RETURN: readonly string[] = [
  '/',
  '/homepage',
  STATIC_ROUTES.loginKeyword.path,
  ...Object.values(STATIC_ROUTES)
    .filter((route) => route.anonymous)
    .map((route) => route.path),
];

/** `raw` as a path to return to after login, or null when it is off-site or not worth it. */
export function returnPathOf(raw: string | null | undefined): string | null {
  const path = raw ? internalPath(raw) : null;
  if (!path) {
    return null;
  }
  const pathname = new URL(path, 'http://portal.invalid').pathname;
  return NOT_A_RETURN.some((pattern) => matchPath(pattern, pathname)) ? null : path;
}

/** The login page's address for a visit to `pathname` + `search` without a session. */
export function loginPathFor(pathname: string, search: string): string {
  const back = returnPathOf(`${pathname}${search}`);
  return back
    ? `${STATIC_ROUTES.login.path}?${RETURN_PARAM}=${encodeURIComponent(back)}`
    : STATIC_ROUTES.login.path;
}

/** The return path named by a login page's query string, if any. */
export function returnPathIn(search: string): string | null {
  return returnPathOf(new URLSearchParams(search).get(RETURN_PARAM));
}

/** The login page opened: keep its return path for the way in the user picks, or forget an old one. */
export function rememberReturnPath(path: string | null): void {
  try {
    if (path) {
      sessionStorage.setItem(STORAGE_KEY, path);
    } else {
      sessionStorage.removeItem(STORAGE_KEY);
    }
  } catch {
    // Storage refused (private mode): the login still lands on the home page.
  }
}

/** Where the fresh session goes instead of the home page, once (the stored path is removed). */
export function takeReturnPath(): string | null {
  try {
    const path = returnPathOf(sessionStorage.getItem(STORAGE_KEY));
    sessionStorage.removeItem(STORAGE_KEY);
    return path;
  } catch {
    return null;
  }
}
