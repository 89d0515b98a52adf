import { HEADLINE_PAGE_SIZE, ORGAN_PAGE_SIZE, ORGAN_PAGE_SIZE_WIDE } from './constants.ts';

/**
 * Recommendations shown beside a list: a third of its page size, at least one. Grid pages
 * are three rows, so this is exactly one row of the same grid.
 */
export function recommendPageSize(listPageSize: number): number {
  return Math.max(1, Math.floor(listPageSize / 3));
}

/**
 * The headline list's "load more" button shows only when the last page was full and fewer
 * than `total` headlines are loaded; a short page means the list has ended.
 */
export function shouldShowHeadlineLoadMore(pageLength: number, loadedCount: number, total: number): boolean {
  return pageLength >= HEADLINE_PAGE_SIZE && loadedCount < total;
}

/** Organisations per page: 30 when the grid is wide (5 or 6 columns), else 24. */
export function organPageSize(columns: number): number {
  return columns >= 5 ? ORGAN_PAGE_SIZE_WIDE : ORGAN_PAGE_SIZE;
}
