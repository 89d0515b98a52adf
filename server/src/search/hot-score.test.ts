import { describe, expect, it } from 'vitest';
import { HOT_HALF_LIFE_MS, hotScore } from './hot-score.ts';

const now = new Date('2026-11-01T00:00:00Z');
const base = {
  views: 100,
  downloads: 0,
  favorites: 0,
  useful: 0,
  publishedAt: new Date('2026-10-01T00:00:00Z'),
  now,
};

describe('hotScore', () => {
  it('rises with engagement, weighting effortful actions more', () => {
    expect(hotScore({ ...base, views: 200 })).toBeGreaterThan(hotScore(base));
    expect(hotScore({ ...base, views: 0, favorites: 10 })).toBeGreaterThan(hotScore({ ...base, views: 10 }));
    expect(hotScore({ ...base, views: -5, downloads: Number.NaN })).toBe(hotScore({ ...base, views: 0 }));
  });

  it('halves the value of engagement per week of age', () => {
    const older = hotScore({ ...base, views: 2 * 101 - 1 });
    const newer = hotScore({ ...base, publishedAt: new Date(base.publishedAt.getTime() + HOT_HALF_LIFE_MS) });
    expect(older).toBeCloseTo(newer, 10);
  });

  it('orders items the same whenever it is computed, and gives post-dated items no head start', () => {
    const a = { ...base, views: 500, publishedAt: new Date('2026-09-01T00:00:00Z') };
    const later = new Date('2027-06-01T00:00:00Z');
    expect(hotScore(a) > hotScore(base)).toBe(
      hotScore({ ...a, now: later }) > hotScore({ ...base, now: later }),
    );
    const future = { ...base, publishedAt: new Date('2027-01-01T00:00:00Z') };
    expect(hotScore(future)).toBe(hotScore({ ...base, publishedAt: now }));
  });
});
