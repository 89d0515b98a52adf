import { gridForWidth, isMobileWidth, organPageSize } from '@portal/contract';

/** Organisations per page at this window width: 30 when the grid has 5 or 6 columns, else 24 (spec §9). */
export function organListPageSize(width: number = window.innerWidth): number {
  return organPageSize(gridForWidth(width, isMobileWidth(width)).columns);
}
