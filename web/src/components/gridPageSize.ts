import { gridForWidth, isMobileWidth } from '@portal/contract';

/**
 * Items per page of a card grid at the window's width now (spec §9: three rows of the grid;
 * 12 on mobile). Lists read it once when they mount, so later pages keep the same offsets.
 */
export function gridPageSize(width: number = window.innerWidth): number {
  return gridForWidth(width, isMobileWidth(width)).pageSize;
}
