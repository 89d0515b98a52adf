import type { Db } from '../../db/database.ts';
import { createAnalysesRepo } from './analyses.repo.ts';
import type { ContentRef, ContentType } from './content-types.ts';
import { createHeadlinesRepo } from './headlines.repo.ts';
import { createMaterialsRepo } from './materials.repo.ts';
import { createReportsRepo } from './reports.repo.ts';

/** An item's publish time, or null when no published item has that id (counters and reads both ask). */
export function createPublishedAtLookup(db: Db): (ref: ContentRef) => Promise<number | null> {
  const lookup = {
    report: createReportsRepo(db),
    business: createHeadlinesRepo(db),
    insight: createAnalysesRepo(db),
    material: createMaterialsRepo(db),
  } satisfies Record<ContentType, { byIds(ids: number[]): Promise<{ published_at: number }[]> }>;
  return async (ref) => {
    const [row] = await lookup[ref.type].byIds([ref.id]);
    return row ? row.published_at : null;
  };
}
