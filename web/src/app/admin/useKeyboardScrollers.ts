import { useEffect, type RefObject } from 'react';

/** The boxes antd's tables scroll in: sideways on a phone (`scroll.x`), down under a fixed header (`scroll.y`). */
const SCROLLERS = '.ant-table-content, .ant-table-body';

/**
 * Makes every table scroller inside `root` reachable with Tab, so a keyboard user can scroll it
 * with the arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable). antd renders these boxes
 * without a tabindex and offers no prop for one, and a table without links or buttons in it (an
 * empty list, the analytics figures) leaves nothing inside to focus. Tables come and go with
 * each section and page, so the root is watched.
 */
export function useKeyboardScrollers(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = root.current;
    if (!element) {
      return;
    }
    const mark = () => {
      for (const scroller of element.querySelectorAll<HTMLElement>(SCROLLERS)) {
        if (!scroller.hasAttribute('tabindex')) {
          scroller.tabIndex = 0;
        }
      }
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [root]);
}
