import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from './api/client.ts';
import { AppRoutes } from './app/AppRoutes.tsx';
import { endSession, startSessionFromPage } from './app/session/session.ts';
import { fetchBannersEarly } from './features/home/earlyBanners.ts';
import './styles/global.css';

// A 401 ends the session; the route guard then sends protected screens to /login.
setUnauthorizedHandler(endSession);

// A signed-in page's HTML carries the session's routes and menu: the first render has them.
startSessionFromPage();

// The home page's largest paint is its first banner: its list is asked for alongside the code.
if (window.location.pathname === '/homepage') {
  fetchBannersEarly();
}

const container = document.getElementById('root');
if (!container) {
  throw new Error('#root is missing from index.html');
}

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);
