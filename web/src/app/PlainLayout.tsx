import { Outlet } from 'react-router';
import { AppProviders } from './providers/AppProviders.tsx';
import './PlainLayout.css';

/** Screens without the shell (404, policy, single sign-on, shared headline): antd only. */
export function PlainLayout() {
  return (
    <AppProviders>
      <main className="plain-layout">
        <Outlet />
      </main>
    </AppProviders>
  );
}
