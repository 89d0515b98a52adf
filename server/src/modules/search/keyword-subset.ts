import { MAX_OFFSET, MAX_PAGE_SIZE } from '../../search/search-plan.ts';
import type { SearchHit, SearchIndex, SearchSort } from '../../search/search.types.ts';
import type { SynonymTable } from '../../search/synonyms.ts';
import { indexOfContentType, searchDocId, type ContentType } from '../content/content-types.ts';

/** How many of the engine's hits a keyword subset page walks for their order and highlights. */
export const SUBSET_WALK = MAX_OFFSET + MAX_PAGE_SIZE;

/** One item of a subset the index cannot filter by (a company's reports, filtered reports …). */
export type SubsetItem = { id: number; publishedAt: number; hot: number };

export type KeywordSubsetPage = { hits: SearchHit[]; total: number; fallback: boolean };

/**
 * One page of the items of a subset that a keyword matches, with the exact total (issue 19).
 * Which items match comes from the engine's ids (SearchIndex.matchIds, no paging bound); their
 * order and highlights from walking the engine's hits in the page's sort, at most `walk` of
 * them and only as far as the page needs. Matches the walk did not reach (a keyword holding more
 * than `walk` items of the type) follow, newest (or hottest) first, without highlights.
 */
export async function keywordSubsetPage(q: {
  index: SearchIndex;
  keyword: string;
  synonyms: SynonymTable | undefined;
  type: ContentType;
  items: readonly SubsetItem[];
  sort: SearchSort;
  page: number;
  pageSize: number;
  walk?: number;
}): Promise<KeywordSubsetPage> {
  const walk = q.walk ?? SUBSET_WALK;
  const matched = await q.index.matchIds({ keyword: q.keyword, synonyms: q.synonyms, types: [q.type] });
  const ids = new Set(matched.ids);
  const members = new Map(
    q.items.flatMap((item) => {
      const docId = searchDocId(q.type, item.id);
      return ids.has(docId) ? [[docId, item] as const] : [];
    }),
  );
  const offset = (q.page - 1) * q.pageSize;
  const wanted = offset + q.pageSize;
  if (offset > MAX_OFFSET || members.size === 0) {
    return { hits: [], total: members.size, fallback: matched.fallback };
  }
  const ordered: SearchHit[] = [];
  const pageSize = Math.min(MAX_PAGE_SIZE, walk);
  for (
    let page = 1;
    (page - 1) * pageSize < walk && ordered.length < Math.min(wanted, members.size);
    page++
  ) {
    const result = await q.index.search({
      keyword: q.keyword,
      synonyms: q.synonyms,
      types: [q.type],
      sort: q.sort,
      page,
      pageSize,
    });
    ordered.push(...result.hits.filter((h) => members.has(h.id)));
    if (result.hits.length < pageSize) {
      break;
    }
  }
  if (ordered.length < wanted) {
    const seen = new Set(ordered.map((h) => h.id));
    const rest = [...members]
      .filter(([docId]) => !seen.has(docId))
      .sort(
        ([, a], [, b]) => (q.sort === 'hot' ? b.hot - a.hot : b.publishedAt - a.publishedAt) || b.id - a.id,
      );
    for (const [docId, item] of rest.slice(0, wanted - ordered.length)) {
      ordered.push({
        id: docId,
        type: q.type,
        index: indexOfContentType(q.type),
        score: null,
        publishedAt: new Date(item.publishedAt),
        highlight: null,
      });
    }
  }
  return { hits: ordered.slice(offset, wanted), total: members.size, fallback: matched.fallback };
}
