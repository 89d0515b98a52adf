import { AdminProviders } from '../../features/admin/layout/AdminProviders.tsx';
import { AppProviders } from '../providers/AppProviders.tsx';
import { safeTheme } from '../providers/theme.ts';
import { useSession } from '../session/sessionStore.ts';
import { AdminFrame } from './AdminFrame.tsx';

/**
 * The back-office's layout: antd (AdminProviders) around the frame (side menu, header,
 * breadcrumbs). Only /admin mounts it, so antd's JavaScript is loaded by no user screen
 * (README "Decisions").
 */
export function AdminLayout() {
  const { theme } = useSession();
  return (
    <AppProviders>
      <AdminProviders brandColor={safeTheme(theme).theme_color}>
        <AdminFrame />
      </AdminProviders>
    </AppProviders>
  );
}
