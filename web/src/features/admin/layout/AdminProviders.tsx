import 'dayjs/locale/zh-cn';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import { useMemo, type ReactNode } from 'react';
import { DEFAULT_THEME } from '@portal/contract';
import { usePrefersReducedMotion } from '../../../components/reducedMotion.ts';
import { adminTheme } from './adminTheme.ts';

dayjs.locale('zh-cn');

/**
 * antd as the back-office uses it: zh_CN, the brand colour (the layout passes the session
 * theme's; adminTheme.ts takes a readable shade of it), no space put into two-character labels (发 布), so buttons read as the portal's
 * do, and no zooms or slides for a reader who asked the system for less motion. `App` gives
 * message and modal that follow the same settings.
 */
export function AdminProviders({
  brandColor = DEFAULT_THEME.theme_color,
  children,
}: {
  brandColor?: string;
  children: ReactNode;
}) {
  const reduceMotion = usePrefersReducedMotion();
  const antdTheme = useMemo(() => adminTheme(brandColor, !reduceMotion), [brandColor, reduceMotion]);
  return (
    <ConfigProvider locale={zhCN} theme={antdTheme} button={{ autoInsertSpace: false }}>
      <App>{children}</App>
    </ConfigProvider>
  );
}
