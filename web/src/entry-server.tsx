import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { TSessionData } from '@portal/contract';
import { getToken, readCookie, SESSION_COOKIES, setServerCookies } from './api/cookies.ts';
import { AppRoutes } from './app/AppRoutes.tsx';
import { decideNavigation } from './app/guard/decideNavigation.ts';
import { lazyPage } from './app/pageModules.ts';
import { allRouteEntries } from './app/routeTable.ts';
import { LAYOUTS } from './app/screenCode.ts';
import { queryClient, seedFirstData } from './app/providers/queryClient.ts';
import { startSessionFromData } from './app/session/session.ts';
import { sessionStore } from './app/session/sessionStore.ts';
import { setServerViewport, VIEWPORT_ATTRIBUTE, VIEWPORT_COOKIE } from './components/viewportHint.ts';

/**
 * The server's render of a page's first screen (server/src/http/ssr.ts loads this bundle,
 * web/dist-ssr/entry-server.js): the same routes, guard and pages as the browser's, from the
 * request's cookies and the session replies the page carries, so `hydrateRoot` (main.tsx) finds
 * the markup it would have rendered itself. Lazy layouts and pages are awaited (prerender waits
 * for every Suspense boundary).
 */
export type TRenderRequest = {
  /** The page address: path and query. */
  url: string;
  cookie: string;
  userAgent: string;
  /** The replies written into the page (session-data.ts), or null for a signed-out reader. */
  session: TSessionData | null;
};

export type TRenderResult = {
  /** The markup for inside #root. */
  html: string;
  /** Attributes #root takes, so the first client render assumes the same viewport. */
  rootAttributes: Record<string, string>;
  /** What failed while rendering (the failed parts render in the browser); empty when all went well. */
  errors: string[];
  /** Where the guard sends this page instead (the server answers 302); no markup then. */
  redirect?: string;
};

async function renderOnce(request: TRenderRequest): Promise<TRenderResult> {
  // The session store and the query cache are the app's module singletons: reset per page.
  setServerCookies(request.cookie);
  const width = setServerViewport(request.userAgent, readCookie(VIEWPORT_COOKIE));
  sessionStore.reset(getToken());
  if (request.session) {
    startSessionFromData(request.session);
  }
  // A page the guard sends elsewhere (a signed-out reader on a signed-in page, /login with a
  // session) is answered with a redirect, not with an empty screen that redirects once the code
  // has loaded. Not an /unsubscribe visit: the browser's guard remembers where it came from.
  const target = new URL(request.url, 'http://portal.invalid');
  const decision = decideNavigation(target.pathname, target.search, {
    ...sessionStore.get(),
    needsOnboarding: readCookie(SESSION_COOKIES.keywordStatus) === '0',
  });
  if (decision.kind === 'redirect' && decision.unsubscribeOrigin === undefined) {
    return { html: '', rootAttributes: {}, errors: [], redirect: decision.to };
  }
  queryClient.clear();
  seedFirstData();
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={request.url}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
    // A part that fails is left for the browser to render (React marks it so); the server
    // still learns why.
    {
      onError: (error) => void errors.push(error),
      // Every boundary in place: React would move a large one to the end of the document with
      // an inline script to reveal it, which the CSP refuses (script-src 'self').
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );
  const parts: Buffer[] = [];
  for await (const part of prelude) {
    parts.push(typeof part === 'string' ? Buffer.from(part) : (part as Buffer));
  }
  return {
    html: Buffer.concat(parts).toString('utf8'),
    rootAttributes: { [VIEWPORT_ATTRIBUTE]: String(width) },
    errors: errors.map((error) => (error instanceof Error ? (error.stack ?? error.message) : String(error))),
  };
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * One page at a time: the store and cache are shared by every render in this process, and a
 * render awaits lazy modules, so two at once would see each other's session. Once the modules
 * are loaded a render is a few milliseconds.
 */
export function render(request: TRenderRequest): Promise<TRenderResult> {
  const result = queue.then(() => renderOnce(request));
  queue = result.catch(() => undefined);
  return result;
}

/**
 * Loads the code of every screen the server renders (all but the back-office's) before the first
 * page is asked for: the first visit to a screen after a start otherwise loaded it inside its own
 * render — home took ~0.5 s more than later visits. The server awaits this at start (ssr.ts).
 */
export async function warmUp(): Promise<void> {
  const screens = allRouteEntries().filter((entry) => entry.layout !== 'admin');
  await Promise.all([
    LAYOUTS.plain.preload(),
    LAYOUTS.shell.preload(),
    ...screens.map((entry) => lazyPage(entry.page).preload()),
  ]);
}
