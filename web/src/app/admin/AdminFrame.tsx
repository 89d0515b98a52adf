import { ArrowLeftOutlined, MenuOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Drawer, Grid, Layout, Menu, Spin, Typography, type MenuProps } from 'antd';
import { Suspense, useMemo, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageErrorBoundary } from '../BootScreen.tsx';
import { useSession } from '../session/sessionStore.ts';
import { ADMIN_TEXT } from '../../features/admin/texts.ts';
import { ADMIN_BASE, ADMIN_SECTIONS, sectionOf, sectionPath } from '../../features/admin/layout/sections.ts';
import { useKeyboardScrollers } from './useKeyboardScrollers.ts';
import { useOpenGroups } from './useOpenGroups.ts';
import './admin.css';

type TMenuItem = Required<MenuProps>['items'][number];

/** Side-menu items: grouped sections under their group (内容管理), the rest top-level. */
function menuItems(): TMenuItem[] {
  const items: TMenuItem[] = [];
  const groups = new Map<string, { key: string; label: string; children: TMenuItem[] }>();
  for (const section of ADMIN_SECTIONS) {
    const item = { key: sectionPath(section), label: section.label };
    if (!section.group) {
      items.push(item);
      continue;
    }
    let group = groups.get(section.group);
    if (!group) {
      group = { key: `group:${section.group}`, label: section.group, children: [] };
      groups.set(section.group, group);
      items.push(group);
    }
    group.children.push(item);
  }
  return items;
}

/**
 * Ant Design Pro's arrangement: a side menu by section (a drawer on phones), a header with
 * 返回门户 and the admin's name, breadcrumbs over each screen.
 */
export function AdminFrame() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user, logo } = useSession();
  const screens = Grid.useBreakpoint();
  const mobile = screens.md === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const items = useMemo(menuItems, []);
  const current = sectionOf(location.pathname);
  const selected = current ? [sectionPath(current)] : [];
  const group = current?.group ? `group:${current.group}` : undefined;
  const [openKeys, setOpenKeys] = useOpenGroups(group);
  const content = useRef<HTMLElement>(null);
  useKeyboardScrollers(content);

  const menu = (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      onClick={({ key }) => {
        setDrawerOpen(false);
        void navigate(key);
      }}
    />
  );
  const crumbs = [
    { title: ADMIN_TEXT.title, href: ADMIN_BASE },
    ...(current?.group ? [{ title: current.group }] : []),
    ...(current ? [{ title: current.label }] : []),
  ].map((crumb) =>
    crumb.href
      ? {
          title: crumb.title,
          href: crumb.href,
          onClick: (event: React.MouseEvent) => {
            event.preventDefault();
            void navigate(crumb.href);
          },
        }
      : crumb,
  );

  return (
    <Layout className="admin-root">
      <Layout.Header className="admin-header">
        {mobile ? (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={ADMIN_TEXT.openMenu}
            onClick={() => setDrawerOpen(true)}
          />
        ) : null}
        <h1 className="admin-brand">
          {logo ? <img src={logo} alt="" /> : null}
          <span>{ADMIN_TEXT.title}</span>
        </h1>
        <span className="admin-header-spacer" />
        {!mobile && user ? <Typography.Text className="admin-user">{user.nickname}</Typography.Text> : null}
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/homepage')}>
          {ADMIN_TEXT.backToPortal}
        </Button>
      </Layout.Header>
      <Layout>
        {mobile ? (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={240}
            title={ADMIN_TEXT.title}
            styles={{ body: { padding: 0 } }}
          >
            {menu}
          </Drawer>
        ) : (
          <Layout.Sider width={208} theme="light" className="admin-sider">
            {menu}
          </Layout.Sider>
        )}
        <Layout.Content ref={content} className="admin-content">
          <Breadcrumb className="admin-breadcrumb" items={crumbs} />
          <PageErrorBoundary resetKey={location.pathname}>
            <Suspense fallback={<Spin className="admin-loading" />}>
              <Outlet />
            </Suspense>
          </PageErrorBoundary>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
