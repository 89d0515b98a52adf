import { MAX_OFFSET, MAX_PAGE_SIZE } from '../../search/search-plan.ts';
import type { DocType, SearchHit, SearchIndex, SearchSort } from '../../search/search.types.ts';

/**
 * The order types take turns in a mixed list: reports first, so the home page's 全部 opens with
 * a report above the fold, then headlines, topics and materials.
 */
export const MIXED_ORDER: readonly DocType[] = [
  'report',
  'business',
  'insight',
  'material',
  'analysis_material',
];

type Cursor = {
  type: DocType;
  buffer: SearchHit[];
  next: number;
  done: boolean;
  total: number;
  gte: boolean;
};

/**
 * One page of a browse list that mixes types in turn (report, headline, topic, material, …),
 * each type in its own order (newest or hottest). Plain newest-first over every type is 300
 * headlines of the last month before the first report; taking turns shows every type on the
 * first screen. A type that runs out leaves its turns to the others, so paging never repeats or
 * skips an item. Each type is read from the index MAX_PAGE_SIZE items at a time, only as far as
 * the page needs (a page past MAX_OFFSET answers the total with no hits, as the engine does).
 */
export async function mixedTypesPage(
  index: SearchIndex,
  types: readonly DocType[],
  sort: SearchSort,
  page: number,
  pageSize: number,
): Promise<{ hits: SearchHit[]; total: number; relation: 'eq' | 'gte' }> {
  const ordered = MIXED_ORDER.filter((t) => types.includes(t));
  const cursors: Cursor[] = ordered.map((type) => ({
    type,
    buffer: [],
    next: 1,
    done: false,
    total: 0,
    gte: false,
  }));
  const fill = async (c: Cursor) => {
    const result = await index.search({ types: [c.type], sort, page: c.next, pageSize: MAX_PAGE_SIZE });
    if (c.next === 1) {
      c.total = result.total;
      c.gte = result.totalRelation === 'gte';
    }
    c.next++;
    c.buffer.push(...result.hits);
    c.done = result.hits.length < MAX_PAGE_SIZE || (c.next - 1) * MAX_PAGE_SIZE > MAX_OFFSET;
  };
  // Every type's first batch at once: the totals come with it.
  await Promise.all(cursors.map(fill));
  const total = cursors.reduce((sum, c) => sum + c.total, 0);
  const relation = cursors.some((c) => c.gte) ? 'gte' : 'eq';
  const offset = (page - 1) * pageSize;
  if (offset > MAX_OFFSET) {
    return { hits: [], total, relation };
  }
  const taken = cursors.map(() => 0);
  const out: SearchHit[] = [];
  while (out.length < offset + pageSize) {
    let progressed = false;
    for (const [i, c] of cursors.entries()) {
      if (out.length >= offset + pageSize) {
        break;
      }
      if ((taken[i] as number) >= c.buffer.length && !c.done) {
        await fill(c);
      }
      const hit = c.buffer[taken[i] as number];
      if (hit) {
        taken[i] = (taken[i] as number) + 1;
        out.push(hit);
        progressed = true;
      }
    }
    if (!progressed) {
      break;
    }
  }
  return { hits: out.slice(offset, offset + pageSize), total, relation };
}
