import { CONTENT_INDEXES } from '@portal/contract';
import type { ContentType } from '../content/content-types.ts';

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

export { indexOfContentType } from '../content/content-types.ts';
