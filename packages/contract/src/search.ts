import { z } from 'zod';
import { SEARCH_PAGE_SIZE, SORTS } from './constants.ts';
import { MSG } from './messages.ts';
import { idField } from './rules/fields.ts';
import { materialLengthField } from './rules/material.ts';
import { REPORT_FILTER_FIELDS, ZFacets } from './report-facets.ts';

/**
 * Tab ids of content lists (spec §3 "Content types"): `all` is the 全部 tab; `company_*` tabs
 * list one organisation's content and need `id` (the company id).
 */
export const TAB_IDS = [
  'all',
  'report',
  'business',
  'insight',
  'material',
  'company_report',
  'company_product',
  'company_about',
  'company_product_es',
  /** The search page's organisations (issue 19). */
  'organisation',
  /** The resource screen (/all_material, spec §2): every kind, and reports. */
  'resource_all',
  'resource_report',
] as const;
export type TTabId = (typeof TAB_IDS)[number];

/** Page types of GET /api/search/label (spec §7) — also the `type` of POST /api/search. */
export const PAGE_TYPES = [
  'home',
  'search',
  'report',
  'insight',
  'material',
  'organ',
  'recommend',
  'collection',
  'resource',
] as const;
export type TPageType = (typeof PAGE_TYPES)[number];

/** The Elasticsearch-style `_index` of a hit (spec §3 "Search hit"); `portal` is the product prefix. */
export const CONTENT_INDEXES = {
  report: 'portal_report',
  business: 'portal_business',
  insight: 'portal_insight',
  material: 'mockup_open_screen',
  analysisMaterial: 'mockup_open_screen_analysis',
} as const;
export type TContentIndex = (typeof CONTENT_INDEXES)[keyof typeof CONTENT_INDEXES];

/** The largest page a list may ask for: deep paging is what search refinement is for. */
export const SEARCH_MAX_PAGE = 500;
export const SEARCH_MAX_PAGE_SIZE = 50;

const pageField = z.coerce
  .number<number | string>({ error: MSG.badRequest })
  .int({ error: MSG.badRequest })
  .min(1, { error: MSG.badRequest })
  .max(SEARCH_MAX_PAGE, { error: MSG.badRequest });
const pageSizeField = z.coerce
  .number<number | string>({ error: MSG.badRequest })
  .int({ error: MSG.badRequest })
  .min(1, { error: MSG.badRequest })
  .max(SEARCH_MAX_PAGE_SIZE, { error: MSG.badRequest });

/**
 * POST /api/search (spec §7). `keyword` may be empty (a list sorted by `psort`) and any text at
 * all: the engine bounds and escapes it, so it is not refused for length or symbols.
 * `psort` unset means relevance when there is a keyword, else newest first.
 */
export const ZSearchRequest = z
  .object({
    tn: z.enum(TAB_IDS, { error: MSG.unknownTab }).default('all'),
    keyword: z.string({ error: MSG.badRequest }).default(''),
    type: z.enum(PAGE_TYPES, { error: MSG.unknownPageType }).default('search'),
    page: pageField.default(1),
    page_size: pageSizeField.default(SEARCH_PAGE_SIZE),
    source: z.string().max(16).optional(),
    psort: z.enum(SORTS, { error: MSG.badRequest }).optional(),
    /** Company id for the `company_*` tabs. */
    id: idField.optional(),
    /** Insight lists: the menu category (/analysis?anal_type=industry …). */
    anal_type: z.string().trim().min(1).max(50).optional(),
    /** Material lists: the video length range in seconds (spec §5 "Material length range"); either bound may be unset. */
    min_length: materialLengthField,
    max_length: materialLengthField,
    /** Report lists: industry, publisher, date range and page count (report-facets.ts). */
    ...REPORT_FILTER_FIELDS,
  })
  .superRefine((q, ctx) => {
    if (q.date_from !== undefined && q.date_to !== undefined && q.date_from > q.date_to) {
      ctx.addIssue({ code: 'custom', message: MSG.dateRangeOrder, path: ['date_to'] });
    }
    if (q.min_length !== undefined && q.max_length !== undefined && q.min_length > q.max_length) {
      ctx.addIssue({ code: 'custom', message: MSG.materialLengthOrder, path: ['max_length'] });
    }
  });
export type TSearchRequest = z.input<typeof ZSearchRequest>;
export type TSearchQuery = z.output<typeof ZSearchRequest>;

/** `_source` of a hit: the fields list cards and details read (spec §3), plus highlights. */
export const ZHitSource = z.object({
  title: z.string(),
  cover: z.string(),
  tag: z.array(z.string()),
  product_brand: z.string(),
  creator: z.string(),
  /** Publishing organisation or headline source. */
  publisher: z.string(),
  /** `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai. */
  create_time: z.string(),
  /** Relative Chinese time for cards, e.g. 3小时前, 2天前, 2026-10-01. */
  time_format: z.string(),
  description: z.string(),
  /** Insight topics: the viewer type (tableau, quickbi, powerbi, excel, word, pdf, baidu_ai). */
  anal_data_ext: z.string().optional(),
  /** Materials: image or video. */
  material_type: z.string().optional(),
  /** Headlines: how many sources carried the story (near-duplicates collapse into one card); only when 2 or more. */
  source_count: z.number().int().optional(),
  /** Reports: how many pages (the report list's 列表 view shows it). */
  page_count: z.number().int().optional(),
  /** HTML-escaped text with matched terms in <em>; only when a keyword matched. */
  highlight: z.object({ title: z.string(), content: z.string() }).optional(),
  /**
   * Reports found by a keyword: the page that best holds its words (第 N 页) and a snippet of
   * that page, HTML-escaped, terms in <em> (issue 19).
   */
  page_hit: z.object({ page: z.number().int(), snippet: z.string() }).optional(),
});
export type THitSource = z.infer<typeof ZHitSource>;

export const ZSearchHit = z.object({
  _id: z.string(),
  _index: z.string(),
  _source: ZHitSource,
  favorite_status: z.number().int(),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;

export const ZSearchReply = z.object({
  data: z.array(ZSearchHit),
  /** `relation: 'gte'` when the count stopped at a cap (as Elasticsearch's track_total_hits). */
  total: z.object({ value: z.number().int(), relation: z.enum(['eq', 'gte']) }),
  page: z.number().int(),
  page_size: z.number().int(),
  psort: z.enum(SORTS).or(z.literal('relevance')),
  /** true when no item held every word and the results match any of them instead. */
  fallback: z.boolean(),
  /** Synonyms (back-office groups, simplified spellings) searched beside the keyword's words; absent when none. */
  synonyms: z.array(z.string()).optional(),
  /** Counts per content type, industry, publisher and page range: page 1 only (report-facets.ts). */
  facets: ZFacets.optional(),
});
export type TSearchReply = z.infer<typeof ZSearchReply>;

/** GET /api/search/label?pagetype=&id=&type= → the tabs of a page. */
export const ZSearchLabelQuery = z.object({
  pagetype: z.enum(PAGE_TYPES, { error: MSG.unknownPageType }),
  id: idField.optional(),
  type: z.string().max(32).optional(),
});
export type TSearchLabelQuery = z.input<typeof ZSearchLabelQuery>;

export const ZSearchTab = z.object({ tn: z.enum(TAB_IDS), name: z.string() });
export type TSearchTab = z.infer<typeof ZSearchTab>;
export const ZSearchLabelReply = z.array(ZSearchTab);

/** GET /api/banner/list and POST /api/banner/log (spec §7). */
export const ZBanner = z.object({
  id: z.number().int(),
  title: z.string(),
  image_url: z.string(),
  redirect_url: z.string(),
});
export type TBanner = z.infer<typeof ZBanner>;
export const ZBannerLogRequest = z.object({
  banner_id: idField,
});
