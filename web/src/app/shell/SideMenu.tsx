import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import UpOutlined from '@ant-design/icons-svg/es/asn/UpOutlined';
import { Icon } from '../../components/icon/Icon.tsx';
import { useSession } from '../session/sessionStore.ts';
import { APP_TEXT } from '../texts.ts';
import { MenuIcon } from './menuIcons.tsx';
import type { TMenuNode } from './menuModel.ts';
import { findSelectedKey, parentKeyOf, visibleMenu } from './menuModel.ts';

// 我的快捷方式 comes in its own small chunk after the first screen: in the shell's chunk it would
// push the fullest screens over the 180 KiB first-screen budget.
const ShortcutNav = lazy(async () => ({ default: (await import('./ShortcutNav.tsx')).ShortcutNav }));

type TItemNode = Extract<TMenuNode, { kind: 'item' }>;

function NavItem({
  node,
  selected,
  onNavigate,
}: {
  node: TItemNode;
  selected: boolean;
  onNavigate?: () => void;
}) {
  return (
    <li>
      <Link
        to={node.path}
        className={selected ? 'side-nav__link side-nav__link--active' : 'side-nav__link'}
        aria-current={selected ? 'page' : undefined}
        onClick={onNavigate}
      >
        <MenuIcon name={node.icon} />
        <span className="side-nav__text">{node.title}</span>
      </Link>
    </li>
  );
}

type TGroupProps = {
  node: TItemNode;
  open: boolean;
  selectedKey: string | null;
  onToggleOpen: () => void;
  onToggleMore: (expanded: boolean) => void;
  onNavigate?: () => void;
};

function NavGroup({ node, open, selectedKey, onToggleOpen, onToggleMore, onNavigate }: TGroupProps) {
  const listId = useId();
  const children = node.children ?? [];
  const holdsSelected = children.some((child) => child.key === selectedKey);
  return (
    <li>
      <button
        type="button"
        className={
          holdsSelected
            ? 'side-nav__link side-nav__group side-nav__group--active'
            : 'side-nav__link side-nav__group'
        }
        aria-expanded={open}
        aria-controls={listId}
        onClick={onToggleOpen}
      >
        <MenuIcon name={node.icon} />
        <span className="side-nav__text">{node.title}</span>
        <Icon
          icon={DownOutlined}
          className={open ? 'side-nav__caret side-nav__caret--open' : 'side-nav__caret'}
        />
      </button>
      <ul id={listId} className="side-nav__sub" hidden={!open}>
        {children.map((child) =>
          child.kind === 'toggle' ? (
            <li key={child.key}>
              <button
                type="button"
                className="side-nav__link side-nav__more"
                onClick={() => onToggleMore(!child.expanded)}
              >
                {child.expanded ? <Icon icon={UpOutlined} /> : <Icon icon={DownOutlined} />}
                <span className="side-nav__text">
                  {child.expanded ? APP_TEXT.collapse : APP_TEXT.expandMore}
                </span>
              </button>
            </li>
          ) : (
            <NavItem
              key={child.key}
              node={child}
              selected={child.key === selectedKey}
              onNavigate={onNavigate}
            />
          ),
        )}
      </ul>
    </li>
  );
}

/**
 * The sidebar from GET /api/menu (desktop sider and mobile drawer): real links, so a middle
 * click opens a new tab. Sub-menus fold open and shut; a long one (the analysis categories)
 * shows 6 entries and 展开更多 / 收起. Below it, the user's 我的快捷方式.
 */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { menu } = useSession();
  const location = useLocation();
  const selectedKey = findSelectedKey(menu, location.pathname, location.search);
  const [expanded, setExpanded] = useState<ReadonlyMap<string, boolean>>(new Map());
  const nodes = useMemo(() => visibleMenu(menu, expanded, selectedKey), [menu, expanded, selectedKey]);

  const selectedParent = parentKeyOf(menu, selectedKey);
  const [openKeys, setOpenKeys] = useState<ReadonlySet<string>>(
    new Set(selectedParent ? [selectedParent] : []),
  );
  // Arriving at an entry of a closed sub-menu (from search, a link, back) opens that sub-menu.
  const [shownParent, setShownParent] = useState(selectedParent);
  if (selectedParent !== shownParent) {
    setShownParent(selectedParent);
    if (selectedParent && !openKeys.has(selectedParent)) {
      setOpenKeys(new Set([...openKeys, selectedParent]));
    }
  }

  const toggleOpen = (key: string) => {
    const next = new Set(openKeys);
    if (!next.delete(key)) {
      next.add(key);
    }
    setOpenKeys(next);
  };

  return (
    <>
      <ul className="side-nav">
        {nodes.map((node) => {
          if (node.kind !== 'item') {
            return null;
          }
          if (!node.children) {
            return (
              <NavItem
                key={node.key}
                node={node}
                selected={node.key === selectedKey}
                onNavigate={onNavigate}
              />
            );
          }
          return (
            <NavGroup
              key={node.key}
              node={node}
              open={openKeys.has(node.key)}
              selectedKey={selectedKey}
              onToggleOpen={() => toggleOpen(node.key)}
              onToggleMore={(more) => setExpanded(new Map(expanded).set(node.key, more))}
              onNavigate={onNavigate}
            />
          );
        })}
      </ul>
      <Suspense fallback={null}>
        <ShortcutNav onNavigate={onNavigate} />
      </Suspense>
    </>
  );
}
