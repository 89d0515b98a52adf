import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from './api/client.ts';
import { AppRoutes } from './app/AppRoutes.tsx';
import { replayEarlyInput } from './app/earlyInput.ts';
import { preloadScreen } from './app/screenCode.ts';
import { endSession, startSessionFromPage } from './app/session/session.ts';
import { rememberViewportWidth } from './components/viewportHint.ts';
import { fetchBannersEarly } from './features/home/earlyBanners.ts';
import './styles/global.css';

// A 401 ends the session; the route guard then sends protected screens to /login.
setUnauthorizedHandler(endSession);

// A signed-in page's HTML carries the session's routes and menu: the first render has them.
startSessionFromPage();

// The server renders the next page for this width (components/viewportHint.ts).
rememberViewportWidth();

// The home page's largest paint is its first banner: its list is asked for alongside the code.
if (window.location.pathname === '/homepage') {
  fetchBannersEarly();
}

const container = document.getElementById('root');
if (!container) {
  throw new Error('#root is missing from index.html');
}

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);

// The server rendered the first screen into #root (server/src/http/ssr.ts) when its build has
// the render bundle: take that markup over. An empty #root (no such build) renders from scratch.
if (container.firstChild) {
  // Routing and hydration start in a task of their own: the one that ran the page's modules was
  // long enough on a phone to block it by itself. The screen's layout and page first (their
  // chunks came with the HTML): a lazy part that suspends stays dehydrated, and React drops a
  // click on it.
  void new Promise((resolve) => setTimeout(resolve, 0))
    .then(() => preloadScreen(window.location.pathname))
    .catch(() => undefined)
    .then(() => {
      // A mismatch is reported on the console (React's default), which the e2e specs check.
      // As a transition: React then hydrates in slices of a few milliseconds, yielding to the
      // browser between them (at the default priority the whole tree was one long task, 350 ms
      // and more on a slowed phone). The markup is already painted, so nothing waits for it; a
      // click or key meanwhile makes React hydrate at once and reaches its handler.
      startTransition(() => {
        hydrateRoot(container, app);
      });
      // What the reader did before this (the page's inline script held it) happens now.
      replayEarlyInput(container);
    });
} else {
  createRoot(container).render(app);
}
