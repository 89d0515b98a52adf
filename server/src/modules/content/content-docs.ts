import type { SearchDoc } from '../../search/search.types.ts';
import { searchDocId } from './content-types.ts';
import { headlineText } from './headline-html.ts';
import { docPages } from './report-metadata.ts';
import type { AnalysisRow } from './analyses.repo.ts';
import type { HeadlineRow } from './headlines.repo.ts';
import type { MaterialRow } from './materials.repo.ts';
import type { ReportRow } from './reports.repo.ts';

/** What each content row puts into the one search index (title weighs more than body and tags). */

/** A report's document carries its pages (in order), so a hit can name the page holding the words. */
export function reportDoc(
  row: ReportRow,
  pageTexts: readonly string[],
  companyNames: readonly string[],
  hot: number,
): SearchDoc {
  return {
    id: searchDocId('report', row.id),
    type: 'report',
    title: row.title,
    body: pageTexts.join('\n'),
    pages: docPages(pageTexts),
    tags: [...parseList(row.keywords), row.industry, row.source_type, ...companyNames].filter(
      (t) => t !== '',
    ),
    publishedAt: new Date(row.published_at),
    hot,
  };
}

/**
 * The parts of a searchable body, each kept once, in order: a part that another part already
 * holds is left out (of two equal parts, the later), so a snippet never shows a sentence twice.
 * Articles often open with the headline's description; a topic's 分析目标 is often the start of
 * its description.
 */
export function distinctParts(parts: readonly string[]): string[] {
  const kept = parts.map((part) => part.trim()).filter((part) => part !== '');
  return kept.filter(
    (part, i) => !kept.some((other, j) => j !== i && other.includes(part) && (other !== part || j < i)),
  );
}

/** A headline's searchable body: its description, then the article text. */
function headlineBody(row: HeadlineRow): string {
  return distinctParts([row.description, headlineText(row.content)]).join('\n');
}

export function headlineDoc(row: HeadlineRow, hot: number): SearchDoc {
  return {
    id: searchDocId('business', row.id),
    type: 'business',
    title: row.title,
    body: headlineBody(row),
    tags: row.source_name ? [row.source_name] : [],
    publishedAt: new Date(row.published_at),
    hot,
  };
}

export function analysisDoc(row: AnalysisRow, hot: number): SearchDoc {
  const quotes = parseObjects(row.quote_data_info).map((q) => (typeof q.title === 'string' ? q.title : ''));
  return {
    id: searchDocId('insight', row.id),
    type: 'insight',
    title: row.title,
    body: distinctParts([row.description, row.target, ...quotes]).join('\n'),
    tags: [row.creator].filter((t) => t !== ''),
    publishedAt: new Date(row.published_at),
    hot,
  };
}

export function materialDoc(row: MaterialRow, hot: number): SearchDoc {
  const facets = [
    row.category,
    row.open_screen_type,
    row.mockup_type,
    row.person_type,
    row.person_star,
    row.style_type,
    row.channel,
  ];
  return {
    id: searchDocId('material', row.id),
    type: 'material',
    title: row.title,
    body: facets.filter((t) => t !== '').join(' '),
    tags: [row.product_brand, row.parent_brand].filter((t) => t !== ''),
    publishedAt: new Date(row.published_at),
    hot,
  };
}

/** A JSON list of strings stored as text; anything else reads as empty. */
export function parseList(json: string): string[] {
  const value = safeJson(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** A JSON list of objects stored as text; anything else reads as empty. */
export function parseObjects(json: string): Record<string, unknown>[] {
  const value = safeJson(json);
  return Array.isArray(value)
    ? value.filter(
        (v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v),
      )
    : [];
}

function safeJson(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}
