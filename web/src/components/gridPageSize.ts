import { gridPageSizeAt } from '@portal/contract';
import { firstRenderWidth } from './viewportHint.ts';

/**
 * Items per page of a card grid at the window's width now (spec §9: three rows of the grid;
 * 12 on mobile). Lists read it once when they mount, so later pages keep the same offsets; the
 * width is the one the page was first rendered at (viewportHint.ts), so a server-rendered list
 * and the browser's ask for the same page.
 */
export function gridPageSize(width: number = firstRenderWidth()): number {
  return gridPageSizeAt(width);
}
