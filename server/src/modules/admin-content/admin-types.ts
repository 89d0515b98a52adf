import type { TAdminContentType } from '@portal/contract';
import type { ContentType } from '../content/content-types.ts';

/** The table behind each back-office content type. */
export const CONTENT_TABLE = {
  report: 'reports',
  headline: 'headlines',
  analysis: 'analyses',
  material: 'materials',
} as const satisfies Record<TAdminContentType, string>;

/**
 * The back-office names (report, headline, analysis, material) as the search index, the
 * favourites, notes and counters name them (report, business, insight, material).
 */
export const INDEX_TYPE = {
  report: 'report',
  headline: 'business',
  analysis: 'insight',
  material: 'material',
} as const satisfies Record<TAdminContentType, ContentType>;
