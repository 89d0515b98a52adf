import 'dayjs/locale/zh-cn';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import { useMemo, type ReactNode } from 'react';
import { safeTheme } from '../../../app/providers/theme.ts';
import { useSession } from '../../../app/session/sessionStore.ts';

dayjs.locale('zh-cn');

/**
 * antd as the back-office uses it: zh_CN, the session theme's brand colour, and no space put
 * into two-character labels (发 布), so buttons read as the portal's do. `App` gives message and
 * modal that follow the same settings.
 */
export function AdminProviders({ children }: { children: ReactNode }) {
  const { theme } = useSession();
  const antdTheme = useMemo(() => ({ token: { colorPrimary: safeTheme(theme).theme_color } }), [theme]);
  return (
    <ConfigProvider locale={zhCN} theme={antdTheme} button={{ autoInsertSpace: false }}>
      <App>{children}</App>
    </ConfigProvider>
  );
}
