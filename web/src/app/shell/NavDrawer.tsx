import { useRef } from 'react';
import { SIDEBAR_WIDTH_PX } from '@portal/contract';
import { DIALOG_TEXT } from '../../components/dialogText.ts';
import { useModalLayer } from '../../components/useModalLayer.ts';
import { APP_TEXT } from '../texts.ts';
import { Brand } from './Brand.tsx';
import { SideMenu } from './SideMenu.tsx';
import './NavDrawer.css';

/**
 * The sidebar as a drawer from the left, on screens under 992 px. Closes after navigating,
 * on Escape, on the mask and on 关闭; focus moves in on open and back on close, and the page
 * behind does not scroll — the behaviour of a modal, in plain React like the Dialog.
 */
export function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const panelRef = useRef<HTMLDivElement>(null);
  useModalLayer(open, onClose, panelRef);

  if (!open) {
    return null;
  }
  return (
    <div className="nav-drawer">
      <div className="nav-drawer__mask" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        className="nav-drawer__panel"
        role="dialog"
        aria-modal="true"
        aria-label={APP_TEXT.mainNav}
        tabIndex={-1}
        style={{ width: SIDEBAR_WIDTH_PX }}
      >
        <header className="nav-drawer__header">
          <Brand compact />
          <button
            type="button"
            className="nav-drawer__close"
            onClick={onClose}
            aria-label={DIALOG_TEXT.close}
          >
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <nav aria-label={APP_TEXT.mainNav} className="nav-drawer__body">
          <SideMenu onNavigate={onClose} />
        </nav>
      </div>
    </div>
  );
}
