import { CONTENT_INDEXES } from '@portal/contract';
/**
 * The four kinds of content a list or search can show, named as the search index names them
 * (`business` = headlines, `insight` = analyses). Each lives in its own table with integer ids;
 * in the index a document is `<type>:<id>`, and a hit's `_id` is the plain id, which together
 * with `_index` is what the detail page asks for.
 */
export const CONTENT_TYPES = ['report', 'business', 'insight', 'material'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export function searchDocId(type: ContentType, id: number): string {
  return `${type}:${id}`;
}

/** One piece of content: its kind and its row id. */
export type ContentRef = { type: ContentType; id: number };

/** `report:12` → { type: 'report', id: 12 }; null for anything else. */
export function parseSearchDocId(docId: string): { type: ContentType; id: number } | null {
  const match = /^(report|business|insight|material):([1-9][0-9]*)$/.exec(docId);
  if (!match) {
    return null;
  }
  return { type: match[1] as ContentType, id: Number(match[2]) };
}

/** Insight-topic categories: the menu's `anal_type` values (the seed's menu lists them). */
export const ANAL_TYPES = [
  'industry',
  'brand',
  'competitor',
  'persona',
  'marketing',
  'retail',
  'sentiment',
  'dashboard',
] as const;
export type AnalType = (typeof ANAL_TYPES)[number];

/** The eight insight-topic categories with their titles: `anal_type` values of /analysis and of analysis details. */
export const ANALYSIS_CATEGORIES = [
  { anal_type: 'industry', title: '行业研究' },
  { anal_type: 'brand', title: '品牌洞察' },
  { anal_type: 'competitor', title: '竞品分析' },
  { anal_type: 'persona', title: '用户画像' },
  { anal_type: 'marketing', title: '营销投放' },
  { anal_type: 'retail', title: '渠道零售' },
  { anal_type: 'sentiment', title: '舆情监测' },
  { anal_type: 'dashboard', title: '数据看板' },
] as const;

/** Viewers of an insight topic (spec §3 anal_data_ext). */
export const ANAL_DATA_EXTS = ['tableau', 'quickbi', 'powerbi', 'excel', 'word', 'pdf', 'baidu_ai'] as const;
export type AnalDataExt = (typeof ANAL_DATA_EXTS)[number];

export const MATERIAL_TYPES = ['image', 'video'] as const;
export type MaterialType = (typeof MATERIAL_TYPES)[number];

/** The public URL of a stored file (served by GET /files/*); '' for no file. */
export function fileUrl(key: string): string {
  return key === '' ? '' : `/files/${key}`;
}

/** The canonical `_index` of a content type (a hit's `_index`). */
export function indexOfContentType(type: ContentType): string {
  return {
    report: CONTENT_INDEXES.report,
    business: CONTENT_INDEXES.business,
    insight: CONTENT_INDEXES.insight,
    material: CONTENT_INDEXES.material,
  }[type];
}

/**
 * A hit's `_index` → the content table behind it. Materials shown inside an analysis
 * (`mockup_open_screen_analysis`) are the same materials. Anything else is not content.
 */
const BY_INDEX: ReadonlyMap<string, ContentType> = new Map([
  [CONTENT_INDEXES.report, 'report'],
  [CONTENT_INDEXES.business, 'business'],
  [CONTENT_INDEXES.insight, 'insight'],
  [CONTENT_INDEXES.material, 'material'],
  [CONTENT_INDEXES.analysisMaterial, 'material'],
]);

export function contentTypeOfIndex(index: string): ContentType | null {
  return BY_INDEX.get(index) ?? null;
}
