import { organListPageSizeAt } from '@portal/contract';
import { firstRenderWidth } from '../../components/viewportHint.ts';

/**
 * Organisations per page at the width the page was first rendered at (viewportHint.ts), so a
 * server-rendered directory and the browser's ask for the same page.
 */
export function organListPageSize(width: number = firstRenderWidth()): number {
  return organListPageSizeAt(width);
}
