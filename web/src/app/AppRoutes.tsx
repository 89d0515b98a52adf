import { Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { STATIC_ROUTES } from '@portal/contract';
import { BootScreen, PageErrorBoundary } from './BootScreen.tsx';
import { NOT_FOUND_PATH } from './guard/decideNavigation.ts';
import { RouteGuard } from './guard/RouteGuard.tsx';
import { lazyPage } from './pageModules.ts';
import type { TLayoutKey } from './routeTable.ts';
import { STATIC_PAGES, VIEW_PAGES } from './routeTable.ts';
import { LAYOUTS } from './screenCode.ts';
import { useSession } from './session/sessionStore.ts';

const { plain: PlainLayout, shell: ShellLayout, admin: AdminLayout } = LAYOUTS;

const STATIC_PATHS: ReadonlySet<string> = new Set(Object.values(STATIC_ROUTES).map((route) => route.path));

function staticRoutes(layout: TLayoutKey) {
  return Object.entries(STATIC_PAGES)
    .filter(([, entry]) => entry.layout === layout)
    .map(([key, entry]) => {
      const Page = lazyPage(entry.page);
      const path = STATIC_ROUTES[key as keyof typeof STATIC_ROUTES].path;
      // The back-office's page routes its own sections below its path.
      return <Route key={key} path={layout === 'admin' ? `${path}/*` : path} element={<Page />} />;
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

  return (
    <RouteGuard>
      <PageErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={<BootScreen />}>
          <Routes>
            {staticRoutes('none')}
            <Route element={<PlainLayout />}>{staticRoutes('plain')}</Route>
            <Route element={<AdminLayout />}>{staticRoutes('admin')}</Route>
            <Route element={<ShellLayout />}>
              {staticRoutes('shell')}
              {routes
                // /admin is registered statically; the server's copy of it adds nothing.
                .filter((route) => !STATIC_PATHS.has(route.path))
                .map((route) => {
                  const Page = lazyPage(VIEW_PAGES[route.view]);
                  return <Route key={route.path} path={route.path} element={<Page />} />;
                })}
            </Route>
            <Route path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
          </Routes>
        </Suspense>
      </PageErrorBoundary>
    </RouteGuard>
  );
}
