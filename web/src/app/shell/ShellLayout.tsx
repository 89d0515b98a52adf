import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { MSG, SIDEBAR_WIDTH_PX } from '@portal/contract';
import { AppProviders } from '../providers/AppProviders.tsx';
import { APP_TEXT } from '../texts.ts';
import { SideMenu } from './SideMenu.tsx';
import { TopBar } from './TopBar.tsx';
import { useIsMobile } from '../../components/useIsMobile.ts';
import './shell.css';

// Only phones open the drawer, and only once they tap the menu button: load it then.
const NavDrawer = lazy(async () => ({ default: (await import('./NavDrawer.tsx')).NavDrawer }));

function ShellFrame() {
  const isMobile = useIsMobile();
  const [navOpen, setNavOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const openNav = () => {
    setDrawerUsed(true);
    setNavOpen(true);
  };

  return (
    <div className={isMobile ? 'shell shell--mobile' : 'shell'}>
      <TopBar isMobile={isMobile} navOpen={navOpen} onOpenNav={openNav} />
      <div className="shell__body">
        {!isMobile && (
          <nav className="shell__sider" aria-label={APP_TEXT.mainNav} style={{ width: SIDEBAR_WIDTH_PX }}>
            <SideMenu />
          </nav>
        )}
        <main className="shell__content">
          {/* The shell stays while the next page's code loads. */}
          <Suspense fallback={<div className="shell__loading" role="status" aria-label={MSG.loading} />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      {isMobile && drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer open={navOpen} onClose={() => setNavOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

/** Top bar, 240 px sidebar from the menu, and the page (spec §2 "Shell"); a drawer under 992 px. */
export function ShellLayout() {
  return (
    <AppProviders>
      <ShellFrame />
    </AppProviders>
  );
}
