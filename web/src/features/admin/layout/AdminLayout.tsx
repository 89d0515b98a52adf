import { AppProviders } from '../../../app/providers/AppProviders.tsx';
import { AdminFrame } from './AdminFrame.tsx';
import { AdminProviders } from './AdminProviders.tsx';

/**
 * The back-office's layout: antd (AdminProviders) around the frame (side menu, header,
 * breadcrumbs). Only /admin mounts it, so antd's JavaScript is loaded by no user screen
 * (README "Decisions").
 */
export function AdminLayout() {
  return (
    <AppProviders>
      <AdminProviders>
        <AdminFrame />
      </AdminProviders>
    </AppProviders>
  );
}
