import type { TSearchHit } from '@portal/contract';

export type TContentKind = 'report' | 'business' | 'insight' | 'material';

/**
 * The kind of content behind a hit's `_index` (spec §3: `{product}_report`, `_business`,
 * `_insight`, and `mockup_open_screen[_analysis]` for materials; development prefixes vary).
 */
export function contentKindOf(index: string): TContentKind | null {
  if (index.startsWith('mockup_open_screen')) {
    return 'material';
  }
  if (index.endsWith('_report')) {
    return 'report';
  }
  if (index.endsWith('_business')) {
    return 'business';
  }
  if (index.endsWith('_insight')) {
    return 'insight';
  }
  return null;
}

const DETAIL_BASE: Readonly<Record<TContentKind, string>> = {
  report: '/report/report_details',
  business: '/headlines/headlines_details',
  insight: '/analysis/analysis_details',
  material: '/material/material_details',
};

/**
 * The detail route of a hit (spec §2), e.g. `/report/report_details/7?id=7&index=portal_report`;
 * insight topics also carry `anal_type` (the viewer type). Null for an unknown index.
 */
export function detailPath(
  hit: Pick<TSearchHit, '_id' | '_index'> & { _source: Pick<TSearchHit['_source'], 'anal_data_ext'> },
): string | null {
  const kind = contentKindOf(hit._index);
  if (kind === null) {
    // The search page's 机构 tab: an organisation opens its own page.
    return hit._index.endsWith('_organisation') ? `/organ/organDetail/${encodeURIComponent(hit._id)}` : null;
  }
  const query = new URLSearchParams({ id: hit._id, index: hit._index });
  if (kind === 'insight') {
    query.set('anal_type', hit._source.anal_data_ext ?? '');
  }
  return `${DETAIL_BASE[kind]}/${encodeURIComponent(hit._id)}?${query.toString()}`;
}
