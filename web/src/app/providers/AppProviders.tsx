// A CSS reset only (antd 6 ships its reset as a stylesheet; no antd JavaScript is loaded).
import 'antd/dist/reset.css';
import { useMemo, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useSession } from '../session/sessionStore.ts';
import { queryClient } from './queryClient.ts';
import { themeCssVars } from './theme.ts';

/**
 * TanStack Query and the session's theme colours as CSS variables. Every layout except the
 * login page's sits inside. Notices go to the DOM toast (api/notify.ts): no screen renders an
 * antd component, so antd's ConfigProvider and message would only add ~70 KiB to every route.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const { theme } = useSession();
  const style = useMemo(() => themeCssVars(theme), [theme]);
  return (
    <QueryClientProvider client={queryClient}>
      <div className="app-root" style={style}>
        {children}
      </div>
    </QueryClientProvider>
  );
}
