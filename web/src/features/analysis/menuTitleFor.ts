import type { TMenuItem } from '@portal/contract';

/**
 * The sidebar title of the entry whose link is `pathname` with this query value, e.g. 行业研究
 * for /analysis?anal_type=industry; null when the menu has none.
 */
export function menuTitleFor(
  menu: readonly TMenuItem[],
  pathname: string,
  name: string,
  value: string,
): string | null {
  for (const item of menu) {
    const [path = '', query = ''] = item.path.split('?');
    if (path === pathname && new URLSearchParams(query).get(name) === value) {
      return item.title;
    }
    const inner = item.children ? menuTitleFor(item.children, pathname, name, value) : null;
    if (inner) {
      return inner;
    }
  }
  return null;
}
