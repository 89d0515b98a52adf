import { Suspense, useEffect, useMemo } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { BootScreen, PageErrorBoundary } from './BootScreen.tsx';
import { NOT_FOUND_PATH } from './guard/decideNavigation.ts';
import { RouteGuard } from './guard/RouteGuard.tsx';
import { lazyPage } from './pageModules.ts';
import { mountPattern, routeEntries, type TLayoutKey, type TRouteEntry } from './routeTable.ts';
import { LAYOUTS } from './screenCode.ts';
import { useSession } from './session/sessionStore.ts';

const { plain: PlainLayout, shell: ShellLayout, admin: AdminLayout } = LAYOUTS;

/** The routes of one layout's screens, each its lazily loaded page. */
function routesOf(entries: readonly TRouteEntry[], layout: TLayoutKey) {
  return entries
    .filter((entry) => entry.layout === layout)
    .map((entry) => {
      const Page = lazyPage(entry.page);
      return <Route key={entry.path} path={mountPattern(entry)} element={<Page />} />;
    });
}

/** A new screen starts at the top. */
function useScrollToTopOnPathChange(pathname: string) {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

/**
 * Every route: the registered ones (spec §2) and, inside the shell, the user's server-driven
 * routes from GET /api/user/routes — each `view` mounted as its lazily loaded page. All of it
 * behind the guard.
 */
export function AppRoutes() {
  const location = useLocation();
  const { routes } = useSession();
  useScrollToTopOnPathChange(location.pathname);
  // Every navigation renders this again (the location changes); the route tree changes only
  // with the session's routes.
  const tree = useMemo(() => {
    const entries = routeEntries(routes);
    return (
      <Routes>
        {routesOf(entries, 'none')}
        <Route element={<PlainLayout />}>{routesOf(entries, 'plain')}</Route>
        <Route element={<AdminLayout />}>{routesOf(entries, 'admin')}</Route>
        <Route element={<ShellLayout />}>{routesOf(entries, 'shell')}</Route>
        <Route path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
      </Routes>
    );
  }, [routes]);

  return (
    <RouteGuard>
      <PageErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={<BootScreen />}>{tree}</Suspense>
      </PageErrorBoundary>
    </RouteGuard>
  );
}
