import 'antd/dist/reset.css';
import { useEffect, useMemo, type ReactNode } from 'react';
import { ConfigProvider, message } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClientProvider } from '@tanstack/react-query';
import { setNotifier } from '../../api/notify.ts';
import { useSession } from '../session/sessionStore.ts';
import { antdTheme, themeCssVars } from './antdTheme.ts';
import { queryClient } from './queryClient.ts';

dayjs.locale('zh-cn');

/**
 * Sends API errors and notices to antd's message (themed by the ConfigProvider above it)
 * while antd screens are mounted. `message.useMessage` rather than antd's App component:
 * App also brings Modal and notification, which no screen of the shell needs up front.
 */
function MessageBridge() {
  const [api, holder] = message.useMessage();
  useEffect(
    () =>
      setNotifier((kind, content) => {
        void api.open({ type: kind, content });
      }),
    [api],
  );
  return holder;
}

/**
 * antd (zh_CN locale, theme from the session), its message holder and TanStack Query.
 * Every layout except the login page's sits inside; the login page ships no antd.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const { theme } = useSession();
  const config = useMemo(() => antdTheme(theme), [theme]);
  // Our own CSS (shell, brand mark, avatar, search box) follows the same colours.
  const style = useMemo(() => themeCssVars(theme), [theme]);
  return (
    <ConfigProvider locale={zhCN} theme={config}>
      <MessageBridge />
      <QueryClientProvider client={queryClient}>
        <div className="app-root" style={style}>
          {children}
        </div>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
