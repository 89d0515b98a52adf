import { Drawer } from 'antd';
import { SIDEBAR_WIDTH_PX } from '@portal/contract';
import { APP_TEXT } from '../texts.ts';
import { Brand } from './Brand.tsx';
import { SideMenu } from './SideMenu.tsx';

/** The sidebar as a drawer from the left, on screens under 992 px. Closes after navigating. */
export function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={SIDEBAR_WIDTH_PX}
      title={<Brand compact />}
      styles={{ body: { padding: 0 } }}
    >
      <nav aria-label={APP_TEXT.mainNav}>
        <SideMenu onNavigate={onClose} />
      </nav>
    </Drawer>
  );
}
