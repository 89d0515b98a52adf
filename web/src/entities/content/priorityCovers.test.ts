import { describe, expect, it } from 'vitest';
import { CONTENT_INDEXES, type TSearchHit } from '@portal/contract';
import { headlineHit, reportHit } from '../../test/searchHits.ts';
import { firstScreenCovers } from './priorityCovers.ts';

const report = (n: number) => {
  const hit = reportHit(n);
  hit._source.cover = `/files/report-${n}.png`;
  return hit;
};
/** An insight topic: its cover is landscape and sits above the card's text. */
const topic = (n: number): TSearchHit => ({
  ...headlineHit(n, { cover: `/files/topic-${n}.png` }),
  _index: CONTENT_INDEXES.insight,
});
const loadings = (hits: TSearchHit[], count: number, width: number) => {
  const loading = firstScreenCovers(hits, count, width);
  return hits.map((hit) => loading.get(hit) ?? 'lazy');
};

describe('firstScreenCovers', () => {
  it('raises the portrait covers of the first screen over landscape ones before them', () => {
    // A phone's first screen is two rows of two: the reports at 3 and 4 are the largest paint.
    expect(loadings([topic(1), topic(2), report(3), report(4), report(5)], 2, 390)).toEqual([
      'eager',
      'eager',
      'priority',
      'priority',
      'lazy',
    ]);
    // Without a portrait cover on the first screen, the first covers there; no cover, nothing.
    expect(loadings([topic(1), headlineHit(2), topic(3), topic(4), report(5)], 2, 390)).toEqual([
      'priority',
      'lazy',
      'priority',
      'eager',
      'lazy',
    ]);
  });

  it('looks at the first row only on a wide screen, and at nothing when the list has no priority', () => {
    // 1440 px: four columns, so the report opens the second row, below the fold.
    const hits = [topic(1), topic(2), topic(3), topic(4), report(5)];
    expect(loadings(hits, 2, 1440)).toEqual(['priority', 'priority', 'eager', 'eager', 'lazy']);
    expect(loadings(hits, 0, 1440)).toEqual(['lazy', 'lazy', 'lazy', 'lazy', 'lazy']);
  });
});
