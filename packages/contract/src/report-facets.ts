import { z } from 'zod';
import { MSG } from './messages.ts';

/**
 * Report filters and facets of POST /api/search (issue 19): industry, publisher, publish date
 * range and page count on the report list and the search page's report tab; each value with
 * its count under the other filters, the total always shown.
 */

/** Page count ranges a reader filters by: `id` is what the request carries. */
export const REPORT_PAGE_BUCKETS = [
  { id: '1-10', name: '10页以内', min: 1, max: 10 },
  { id: '11-30', name: '11–30页', min: 11, max: 30 },
  { id: '31-60', name: '31–60页', min: 31, max: 60 },
  { id: '61+', name: '60页以上', min: 61, max: Number.MAX_SAFE_INTEGER },
] as const;
export type TPageBucket = (typeof REPORT_PAGE_BUCKETS)[number]['id'];
const BUCKET_IDS = REPORT_PAGE_BUCKETS.map((b) => b.id) as [TPageBucket, ...TPageBucket[]];

const dayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.badRequest })
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), { error: MSG.badRequest })
  .optional();

/** The filter fields of ZSearchRequest; any of them set makes a report list filtered. */
export const REPORT_FILTER_FIELDS = {
  industry: z.string().trim().min(1).max(50).optional(),
  /** The publishing organisation's name. */
  publisher: z.string().trim().min(1).max(100).optional(),
  /** Publish dates, `YYYY-MM-DD` in Asia/Shanghai, both ends included. */
  date_from: dayField,
  date_to: dayField,
  pages: z.enum(BUCKET_IDS, { error: MSG.badRequest }).optional(),
};

export type TReportFilters = {
  industry?: string | undefined;
  publisher?: string | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
  pages?: TPageBucket | undefined;
};

export const ZFacetValue = z.object({ value: z.string(), count: z.number().int() });
export type TFacetValue = z.infer<typeof ZFacetValue>;

/**
 * Facets of the first page: `types` (the search page: each content type's total for the keyword);
 * `industry`, `publisher`, `pages` (report lists: each value's count under the other filters).
 */
export const ZFacets = z.object({
  types: z.array(ZFacetValue).optional(),
  industry: z.array(ZFacetValue).optional(),
  publisher: z.array(ZFacetValue).optional(),
  pages: z.array(ZFacetValue).optional(),
});
export type TFacets = z.infer<typeof ZFacets>;
