import type { TMenuItem } from '@portal/contract';
import { analysisSubmenu } from '@portal/contract';

/** A sidebar entry as drawn: a menu item, or the 展开更多/收起 toggle of a long sub-menu. */
export type TMenuNode =
  | { kind: 'item'; key: string; title: string; path: string; icon?: string; children?: TMenuNode[] }
  | { kind: 'toggle'; key: string; parentKey: string; expanded: boolean };

/** Key of the 展开更多/收起 entry of a sub-menu. */
export function toggleKey(parentKey: string): string {
  return `${parentKey}::toggle`;
}

function splitPath(path: string): { pathname: string; params: URLSearchParams } {
  const [pathname = '', query = ''] = path.split('?');
  return { pathname, params: new URLSearchParams(query) };
}

/**
 * The menu key for the current location: the entry whose path is the location's path or a
 * parent of it (/report for /report/report_details/1) and whose query values all match
 * (/analysis?anal_type=brand); the longest, most specific match wins.
 */
export function findSelectedKey(menu: readonly TMenuItem[], pathname: string, search: string): string | null {
  const here = new URLSearchParams(search);
  let best: { key: string; score: number } | null = null;
  const visit = (items: readonly TMenuItem[]) => {
    for (const item of items) {
      const target = splitPath(item.path);
      const pathMatches =
        target.pathname !== '' &&
        (pathname === target.pathname || pathname.startsWith(`${target.pathname}/`));
      const queryMatches = [...target.params].every(([name, value]) => here.get(name) === value);
      if (pathMatches && queryMatches) {
        const score = target.pathname.length * 100 + [...target.params].length;
        if (best === null || score > best.score) {
          best = { key: item.key, score };
        }
      }
      if (item.children) {
        visit(item.children);
      }
    }
  };
  visit(menu);
  return best === null ? null : (best as { key: string }).key;
}

/** The sub-menu holding `key`, for opening it on load. */
export function parentKeyOf(menu: readonly TMenuItem[], key: string | null): string | null {
  if (key === null) {
    return null;
  }
  for (const item of menu) {
    if (item.children?.some((child) => child.key === key)) {
      return item.key;
    }
  }
  return null;
}

/**
 * The sidebar to draw. A sub-menu with more than 7 entries (the analysis categories) shows its
 * first 6 and a toggle (contract `analysisSubmenu`). It starts expanded when the current page
 * is one of the hidden entries; after that the user's choice in `expanded` wins.
 */
export function visibleMenu(
  menu: readonly TMenuItem[],
  expanded: ReadonlyMap<string, boolean>,
  selectedKey: string | null,
): TMenuNode[] {
  return menu.map((item): TMenuNode => {
    const base = {
      kind: 'item' as const,
      key: item.key,
      title: item.title,
      path: item.path,
      icon: item.icon,
    };
    if (!item.children || item.children.length === 0) {
      return base;
    }
    const children = item.children;
    const selectedIndex = children.findIndex((child) => child.key === selectedKey);
    const collapsedView = analysisSubmenu(children.length, false);
    const isExpanded = expanded.get(item.key) ?? selectedIndex >= collapsedView.visibleCount;
    const view = analysisSubmenu(children.length, isExpanded);
    const nodes: TMenuNode[] = children.slice(0, view.visibleCount).map((child) => ({
      kind: 'item',
      key: child.key,
      title: child.title,
      path: child.path,
      icon: child.icon,
    }));
    if (view.showToggle) {
      nodes.push({ kind: 'toggle', key: toggleKey(item.key), parentKey: item.key, expanded: isExpanded });
    }
    return { ...base, children: nodes };
  });
}
