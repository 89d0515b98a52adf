import type { TFacets, TFacetValue, TReportFilters, TSearchQuery } from '@portal/contract';
import type { DocType, SearchIndex } from '../../search/search.types.ts';
import type { SynonymTable } from '../../search/synonyms.ts';
import { parseSearchDocId } from '../content/content-types.ts';
import { reportFacets, type ReportFacetRow } from './report-facets.ts';

/** The content types the search page counts for a keyword (its 全部 tab's facet). */
export const COUNTED_TYPES: readonly DocType[] = ['report', 'business', 'insight', 'material'];

/** The search page's 全部 tab with a keyword, first page: it shows each type's total. */
export function wantsTypeFacet(q: TSearchQuery): boolean {
  return q.page === 1 && q.type === 'search' && q.tn === 'all' && q.keyword.trim() !== '';
}

export function reportFiltersOf(q: TSearchQuery): TReportFilters {
  return {
    industry: q.industry,
    publisher: q.publisher,
    date_from: q.date_from,
    date_to: q.date_to,
    pages: q.pages,
  };
}

/**
 * The ids of every report the keyword matches (SearchIndex.matchIds: no paging bound, so the
 * facets and the total count them all): what report facets count when there is a keyword.
 */
async function keywordReportIds(
  index: SearchIndex,
  keyword: string,
  synonyms: SynonymTable | undefined,
): Promise<Set<number>> {
  const { ids } = await index.matchIds({ keyword, synonyms, types: ['report'] });
  return new Set(ids.flatMap((id) => parseSearchDocId(id)?.id ?? []));
}

/**
 * Each content type's total for the keyword (the counts beside the search page's tabs): the
 * engine counts them with the page (SearchQuery.typeTotals); asked here only when it did not.
 */
async function typeCounts(
  index: SearchIndex,
  keyword: string,
  synonyms: SynonymTable | undefined,
  answered: Partial<Record<DocType, number>> | undefined,
): Promise<TFacetValue[]> {
  const totals =
    answered ??
    (await index.search({ keyword, synonyms, sort: 'new', page: 1, pageSize: 1, typeTotals: COUNTED_TYPES }))
      .typeTotals ??
    {};
  return COUNTED_TYPES.map((type) => ({ value: type, count: totals[type] ?? 0 }));
}

/**
 * The facets of a first page (issue 19): on a report list (the report page, a report tab) each
 * industry, publisher and page range with its count among the reports the keyword matches
 * under the other filters; on the search page's 全部 tab each content type's total.
 */
export async function searchFacets(deps: {
  q: TSearchQuery;
  reportList: boolean;
  index: SearchIndex;
  synonyms: SynonymTable | undefined;
  /** Each type's total, when the page's own search counted them. */
  typeTotals?: Partial<Record<DocType, number>> | undefined;
  rows: () => Promise<ReportFacetRow[]>;
}): Promise<TFacets | undefined> {
  const { q, index, synonyms } = deps;
  const keyword = q.keyword.trim();
  if (q.page !== 1) {
    return undefined;
  }
  if (deps.reportList) {
    let rows = await deps.rows();
    if (keyword !== '') {
      const matching = await keywordReportIds(index, keyword, synonyms);
      rows = rows.filter((r) => matching.has(r.id));
    }
    return reportFacets(rows, reportFiltersOf(q));
  }
  if (wantsTypeFacet(q)) {
    return { types: await typeCounts(index, keyword, synonyms, deps.typeTotals) };
  }
  return undefined;
}
