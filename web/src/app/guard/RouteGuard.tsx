import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { readCookie, SESSION_COOKIES } from '../../api/cookies.ts';
import { rememberUnsubscribeOrigin } from '../../features/subscriptions/unsubscribeOrigin.ts';
import { BootScreen } from '../BootScreen.tsx';
import { ensureSessionLoaded } from '../session/session.ts';
import { useSession } from '../session/sessionStore.ts';
import { decideNavigation } from './decideNavigation.ts';

/**
 * Runs decideNavigation for every location (spec §2 "Before each navigation"): renders the
 * page, redirects, or — for a token whose roles are not fetched yet — fetches them once and
 * shows the boot screen meanwhile. Re-renders when the session changes (login, logout, 401).
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  // The login stored set_keyword_status in a cookie; it turns 1 once onboarding is saved.
  const needsOnboarding = readCookie(SESSION_COOKIES.keywordStatus) === '0';
  const decision = decideNavigation(location.pathname, location.search, { ...session, needsOnboarding });

  const origin = decision.unsubscribeOrigin;
  useEffect(() => {
    if (origin !== undefined) {
      rememberUnsubscribeOrigin(origin);
    }
  }, [origin, location.key]);

  const mustLoad = decision.kind === 'load-session';
  useEffect(() => {
    // Success fills the session store, failure ends the session; either re-renders this guard.
    if (mustLoad) {
      void ensureSessionLoaded();
    }
  }, [mustLoad]);

  if (decision.kind === 'redirect') {
    return <Navigate to={decision.to} replace />;
  }
  if (decision.kind === 'load-session') {
    return <BootScreen />;
  }
  return children;
}
