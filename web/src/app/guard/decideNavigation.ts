import { matchPath } from 'react-router';
import { Role, STATIC_ROUTES } from '@portal/contract';
import { loginPathFor, returnPathIn } from '../session/returnPath.ts';

/** What the guard needs to know about the session. */
export type TGuardSession = {
  token: string | null;
  /** Roles and routes have been fetched for this token. */
  loaded: boolean;
  roles: readonly number[];
  /** Server-driven routes of this user (React Router `:param` paths). */
  routes: readonly { path: string }[];
  /** The login said set_keyword_status 0: a visit to /login goes on to onboarding, not the portal. */
  needsOnboarding?: boolean;
};

/**
 * The guard's verdict for one navigation: let it through, send it elsewhere, or first fetch
 * roles and routes and then decide again. `unsubscribeOrigin` asks the caller to remember
 * where an /unsubscribe visit came from.
 */
export type TNavigationDecision = (
  { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'load-session' }
) & { unsubscribeOrigin?: string };

export const LOGIN_PATH = STATIC_ROUTES.login.path;
export const HOME_PATH = '/homepage';
export const NOT_FOUND_PATH = STATIC_ROUTES.notFound.path;
/** Origin recorded for /unsubscribe without `from_where` (spec §2). */
export const DEFAULT_UNSUBSCRIBE_ORIGIN = 'others';

const ANONYMOUS_PATTERNS: readonly string[] = Object.values(STATIC_ROUTES)
  .filter((route) => route.anonymous)
  .map((route) => route.path);
const STATIC_PATTERNS: readonly string[] = Object.values(STATIC_ROUTES).map((route) => route.path);

function matchesAny(path: string, patterns: Iterable<string>): boolean {
  for (const pattern of patterns) {
    if (matchPath(pattern, path)) {
      return true;
    }
  }
  return false;
}

function unsubscribeOrigin(path: string, search: string): string | undefined {
  if (!matchPath(STATIC_ROUTES.unsubscribe.path, path)) {
    return undefined;
  }
  const from = new URLSearchParams(search).get('from_where');
  return from === null || from.trim() === '' ? DEFAULT_UNSUBSCRIBE_ORIGIN : from;
}

/**
 * Spec §2 "Before each navigation", as a pure function of the target and the session:
 * 1. /connect always passes.
 * 2. Without a token only the anonymous routes pass (login, phone_verify, user_private, 404,
 *    headlines_no_token, ucoss) and /unsubscribe with the e-mail's signed `token`; anything
 *    else goes to /login, naming the page in `?redirect=` so that the login returns to it.
 * 3. With a token /login goes to its `?redirect=` page or / (to /login_keyword while
 *    set_keyword_status is 0, as the login page itself does), and / goes to /homepage.
 * 4. With a token whose roles are not fetched yet: fetch them (once), then decide again.
 * 5. /admin (and /admin/…) only for role 2; any path that is neither registered nor one of the user's
 *    server-driven routes goes to /404 (so does /admin for everyone else).
 * An /unsubscribe visit also reports its `from_where` origin ("others" when absent).
 */
export function decideNavigation(path: string, search: string, session: TGuardSession): TNavigationDecision {
  const origin = unsubscribeOrigin(path, search);
  const withOrigin = (decision: TNavigationDecision): TNavigationDecision =>
    origin === undefined ? decision : { ...decision, unsubscribeOrigin: origin };

  if (matchPath(STATIC_ROUTES.connect.path, path)) {
    return { kind: 'allow' };
  }

  if (!session.token) {
    if (matchesAny(path, ANONYMOUS_PATTERNS)) {
      return { kind: 'allow' };
    }
    // The digest e-mail's link carries a signed token: it unsubscribes without logging in.
    if (origin !== undefined && new URLSearchParams(search).get('token')) {
      return withOrigin({ kind: 'allow' });
    }
    return withOrigin({ kind: 'redirect', to: loginPathFor(path, search) });
  }

  if (matchPath(LOGIN_PATH, path)) {
    if (session.needsOnboarding) {
      return { kind: 'redirect', to: STATIC_ROUTES.loginKeyword.path };
    }
    return { kind: 'redirect', to: returnPathIn(search) ?? '/' };
  }
  if (path === '/' || path === '') {
    return { kind: 'redirect', to: HOME_PATH };
  }
  if (!session.loaded) {
    return withOrigin({ kind: 'load-session' });
  }

  // /admin and every back-office section below it.
  if (matchPath({ path: STATIC_ROUTES.admin.path, end: false }, path)) {
    return session.roles.includes(Role.admin) ? { kind: 'allow' } : { kind: 'redirect', to: NOT_FOUND_PATH };
  }
  const known =
    matchesAny(path, STATIC_PATTERNS) ||
    matchesAny(
      path,
      session.routes.map((route) => route.path),
    );
  return withOrigin(known ? { kind: 'allow' } : { kind: 'redirect', to: NOT_FOUND_PATH });
}
