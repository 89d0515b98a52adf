/**
 * A table's paging, sorting and filters, kept in the address (as the user lists keep their
 * tab and sort, README "Decisions"): a reload or a shared link shows the same page.
 */
export type TTableParams = {
  page: number;
  page_size: number;
  /** Column key the server sorts by, and its direction; absent: the server's default order. */
  sort?: string;
  order?: 'asc' | 'desc';
  /** Every other parameter: the screen's filters (keyword, status, …). */
  filters: Record<string, string>;
};

export const DEFAULT_PAGE_SIZE = 20;
const PAGE_SIZES = new Set([10, 20, 50, 100]);
const RESERVED = new Set(['page', 'page_size', 'sort', 'order']);

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : fallback;
}

/** Reads the table's parameters from a query string; anything malformed falls back to the default. */
export function readTableParams(search: URLSearchParams): TTableParams {
  const size = Number(search.get('page_size'));
  const order = search.get('order');
  const sort = search.get('sort') ?? undefined;
  const filters: Record<string, string> = {};
  for (const [key, value] of search) {
    if (!RESERVED.has(key) && value !== '') {
      filters[key] = value;
    }
  }
  return {
    page: positiveInt(search.get('page'), 1),
    page_size: PAGE_SIZES.has(size) ? size : DEFAULT_PAGE_SIZE,
    ...(sort && (order === 'asc' || order === 'desc') ? { sort, order } : {}),
    filters,
  };
}

/** The query string for `params`, defaults left out. */
export function writeTableParams(params: TTableParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params.filters)) {
    if (value !== '') {
      out.set(key, value);
    }
  }
  if (params.sort && params.order) {
    out.set('sort', params.sort);
    out.set('order', params.order);
  }
  if (params.page !== 1) {
    out.set('page', String(params.page));
  }
  if (params.page_size !== DEFAULT_PAGE_SIZE) {
    out.set('page_size', String(params.page_size));
  }
  return out;
}

/** A filter changed: back to page 1 (the old page may not exist under the new filter). */
export function withFilter(params: TTableParams, key: string, value: string | undefined): TTableParams {
  const filters = { ...params.filters };
  if (value === undefined || value === '') {
    delete filters[key];
  } else {
    filters[key] = value;
  }
  return { ...params, filters, page: 1 };
}

/**
 * The query the API gets: page, page_size, the filters and the sort as the back-office API
 * spells it (`views` ascending, `-views` descending).
 */
export function apiQuery(params: TTableParams): Record<string, string | number> {
  return {
    ...params.filters,
    page: params.page,
    page_size: params.page_size,
    ...(params.sort && params.order ? { sort: `${params.order === 'desc' ? '-' : ''}${params.sort}` } : {}),
  };
}
