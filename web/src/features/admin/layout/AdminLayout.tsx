import 'dayjs/locale/zh-cn';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { AppProviders } from '../../../app/providers/AppProviders.tsx';
import { safeTheme } from '../../../app/providers/theme.ts';
import { useSession } from '../../../app/session/sessionStore.ts';
import { AdminFrame } from './AdminFrame.tsx';

dayjs.locale('zh-cn');

/**
 * The back-office's layout: antd in zh_CN with the session theme's brand colour, around the
 * frame (side menu, header, breadcrumbs). Only /admin mounts it, so antd's JavaScript is
 * loaded by no user screen (README "Decisions").
 */
export function AdminLayout() {
  const { theme } = useSession();
  const antdTheme = useMemo(() => ({ token: { colorPrimary: safeTheme(theme).theme_color } }), [theme]);
  return (
    <AppProviders>
      {/* No space inserted into two-character labels (发 布): the same words as the portal's buttons. */}
      <ConfigProvider locale={zhCN} theme={antdTheme} button={{ autoInsertSpace: false }}>
        <App>
          <AdminFrame />
        </App>
      </ConfigProvider>
    </AppProviders>
  );
}
