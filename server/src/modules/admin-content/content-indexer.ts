import type { TAdminContentType } from '@portal/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import { hotScore } from '../../search/hot-score.ts';
import type { SearchDoc, SearchIndex } from '../../search/search.types.ts';
import { createAnalysesRepo } from '../content/analyses.repo.ts';
import { analysisDoc, headlineDoc, materialDoc, reportDoc } from '../content/content-docs.ts';
import { createContentStatsRepo, ZERO_COUNTS } from '../content/content-stats.repo.ts';
import { searchDocId } from '../content/content-types.ts';
import { createHeadlinesRepo } from '../content/headlines.repo.ts';
import { createHeadlineClusters } from '../headline-clusters/headline-clusters.ts';
import { createMaterialsRepo } from '../content/materials.repo.ts';
import { createReportsRepo } from '../content/reports.repo.ts';
import { INDEX_TYPE } from './admin-types.ts';

/**
 * Keeps an item's search document in step with its publish state: the index is the read path
 * of search, the home page, /headlines and most lists, so a published item has a document and
 * any other has none. Documents are built by content-docs.ts, exactly as at import.
 */
export function createContentIndexer({ db, search, clock }: { db: Db; search: SearchIndex; clock: Clock }) {
  const reports = createReportsRepo(db);
  const headlines = createHeadlinesRepo(db);
  const analyses = createAnalysesRepo(db);
  const materials = createMaterialsRepo(db);
  const stats = createContentStatsRepo(db);
  const clusters = createHeadlineClusters(db);

  async function hot(type: TAdminContentType, id: number, publishedAt: number): Promise<number> {
    const counts = (await stats.get(INDEX_TYPE[type], id)) ?? ZERO_COUNTS;
    return hotScore({ ...counts, publishedAt: new Date(publishedAt), now: clock.now() });
  }

  /** The document of a published item; null for any other (byIds reads published rows only). */
  async function docOf(type: TAdminContentType, id: number): Promise<SearchDoc | null> {
    switch (type) {
      case 'report': {
        const [row] = await reports.byIds([id]);
        if (!row) {
          return null;
        }
        const names = (await reports.companiesOf([id])).map((c) => c.name);
        return reportDoc(row, await reports.pageTexts(id), names, await hot(type, id, row.published_at));
      }
      case 'headline': {
        const [row] = await headlines.byIds([id]);
        // A near-duplicate of a story already published has no document: one card per story.
        if (!row || (await clusters.copies([id])).has(id)) {
          return null;
        }
        return headlineDoc(row, await hot(type, id, row.published_at));
      }
      case 'analysis': {
        const [row] = await analyses.byIds([id]);
        return row ? analysisDoc(row, await hot(type, id, row.published_at)) : null;
      }
      case 'material': {
        const [row] = await materials.byIds([id]);
        return row ? materialDoc(row, await hot(type, id, row.published_at)) : null;
      }
    }
  }

  async function syncOne(type: TAdminContentType, id: number): Promise<void> {
    const doc = await docOf(type, id);
    if (doc) {
      await search.upsert([doc]);
    } else {
      await search.remove([searchDocId(INDEX_TYPE[type], id)]);
    }
  }

  return {
    /**
     * Writes the item's document if it is published, removes it otherwise. A headline's story
     * may change its card with it (the first published headline of a story is the card), so the
     * other headlines of the story are synced too.
     */
    async sync(type: TAdminContentType, id: number): Promise<void> {
      await syncOne(type, id);
      if (type === 'headline') {
        for (const sibling of await clusters.siblings(id)) {
          await syncOne(type, sibling);
        }
      }
    },
  };
}

export type ContentIndexer = ReturnType<typeof createContentIndexer>;
