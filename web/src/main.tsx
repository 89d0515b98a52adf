import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from './api/client.ts';
import { AppRoutes } from './app/AppRoutes.tsx';
import { endSession } from './app/session/session.ts';
import './styles/global.css';

// A 401 ends the session; the route guard then sends protected screens to /login.
setUnauthorizedHandler(endSession);

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
