import type { TSearchHit } from '@portal/contract';
import type { SearchIndex } from '../../search/search.types.ts';
import type { SynonymTable } from '../../search/synonyms.ts';
import { contentTypeOfIndex, searchDocId } from '../content/content-types.ts';

/**
 * Report hits of a keyword search with the page that best holds the words (`page_hit`: 第 N 页
 * and that page's snippet), which the result links to (`?page=N&hl=…`). One page-index lookup
 * for the reports of the page of hits; other hits are returned as they are.
 */
export async function withPageHits(
  index: Pick<SearchIndex, 'pageHits'>,
  keyword: string,
  synonyms: SynonymTable | undefined,
  hits: TSearchHit[],
): Promise<TSearchHit[]> {
  const reportIds = hits.flatMap((h) =>
    contentTypeOfIndex(h._index) === 'report' ? [searchDocId('report', Number(h._id))] : [],
  );
  if (reportIds.length === 0 || keyword.trim() === '') {
    return hits;
  }
  const pages = await index.pageHits({ keyword, docIds: reportIds, synonyms });
  return hits.map((h) => {
    const page =
      contentTypeOfIndex(h._index) === 'report' ? pages.get(searchDocId('report', Number(h._id))) : undefined;
    return page ? { ...h, _source: { ...h._source, page_hit: page } } : h;
  });
}
