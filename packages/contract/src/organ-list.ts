import type { TNewHotSort } from './constants.ts';
import { gridForWidth, isMobileWidth } from './layout.ts';
import type { TCompanyListQuery } from './organisations.ts';
import { organPageSize } from './paging.ts';

/**
 * 机构列表 (/organ), shared by the web screen and the server that writes its first page into the
 * HTML (server http/session-data.ts): the same address parameters, page size, request and query
 * keys on both sides, so the server-rendered directory is the one the screen would have asked for.
 */

export const ORGAN_LIST_SCREEN = '/organ';

/** Address parameters of the directory (defaults left out), so reloads and links keep the view. */
export const ORGAN_LIST_PARAMS = { sort: 'sort', keyword: 'q', industry: 'industry', page: 'page' } as const;

/** The directory's sort (最新/最热), name search and industry ('' = all). */
export type TOrganListFilter = { psort: TNewHotSort; keyword: string; industry: string };

/** The filter and page an address shows (unknown or missing values: the defaults). */
export function organListOfAddress(params: URLSearchParams): { filter: TOrganListFilter; page: number } {
  const page = Number.parseInt(params.get(ORGAN_LIST_PARAMS.page) ?? '1', 10);
  return {
    filter: {
      psort: params.get(ORGAN_LIST_PARAMS.sort) === 'hot' ? 'hot' : 'new',
      keyword: params.get(ORGAN_LIST_PARAMS.keyword)?.trim() ?? '',
      industry: params.get(ORGAN_LIST_PARAMS.industry) ?? '',
    },
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** The address parameters of a view of the directory, defaults left out. */
export function organListSearch(filter: TOrganListFilter, page: number): Record<string, string> {
  return {
    ...(filter.psort === 'hot' ? { [ORGAN_LIST_PARAMS.sort]: 'hot' } : {}),
    ...(filter.keyword ? { [ORGAN_LIST_PARAMS.keyword]: filter.keyword } : {}),
    ...(filter.industry ? { [ORGAN_LIST_PARAMS.industry]: filter.industry } : {}),
    ...(page > 1 ? { [ORGAN_LIST_PARAMS.page]: String(page) } : {}),
  };
}

/** Organisations per page at a window width: 30 when the grid has 5 or 6 columns, else 24 (spec §9). */
export function organListPageSizeAt(width: number): number {
  return organPageSize(gridForWidth(width, isMobileWidth(width)).columns);
}

/** GET /api/company/list for one page of a view. */
export function organListRequest(
  filter: TOrganListFilter,
  page: number,
  pageSize: number,
): TCompanyListQuery {
  return { page, page_size: pageSize, ...filter };
}

/** The directory page's query key (web features/organ `useOrganList`). */
export const organListQueryKey = (filter: TOrganListFilter, page: number, pageSize: number) =>
  ['organ', 'list', filter, page, pageSize] as const;

/** GET /api/company/industries, the industry filter's choices (web features/organ `useOrganIndustries`). */
export const organIndustriesQueryKey = ['organ', 'industries'] as const;
