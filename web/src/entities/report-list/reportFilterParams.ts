import { REPORT_PAGE_BUCKETS, type TPageBucket, type TReportFilters } from '@portal/contract';

/** URL parameters of the report list's filters: a filtered list can be shared, reloaded and gone back to. */
const PARAMS = {
  industry: 'industry',
  publisher: 'publisher',
  date_from: 'from',
  date_to: 'to',
  pages: 'pages',
} as const satisfies Record<keyof TReportFilters, string>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isBucket = (v: string): v is TPageBucket => REPORT_PAGE_BUCKETS.some((b) => b.id === v);

/** The filters in `params`; malformed values are left out rather than sent to be refused. */
export function filtersFromParams(params: URLSearchParams): TReportFilters {
  const text = (key: string) => params.get(key)?.trim() || undefined;
  const day = (key: string) => {
    const v = text(key);
    return v && DAY.test(v) ? v : undefined;
  };
  const pages = text(PARAMS.pages);
  const from = day(PARAMS.date_from);
  const to = day(PARAMS.date_to);
  return {
    industry: text(PARAMS.industry),
    publisher: text(PARAMS.publisher),
    date_from: from,
    // An end before the start is dropped: the server would refuse the pair.
    date_to: from && to && to < from ? undefined : to,
    pages: pages && isBucket(pages) ? pages : undefined,
  };
}

/** `params` with `filters` written in (unset ones removed), other parameters kept. */
export function withFilters(params: URLSearchParams, filters: TReportFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [field, name] of Object.entries(PARAMS) as [keyof TReportFilters, string][]) {
    const value = filters[field];
    if (value === undefined || value === '') {
      next.delete(name);
    } else {
      next.set(name, value);
    }
  }
  return next;
}
