import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, MAX_OFFSET, MAX_PAGE_SIZE, planSearch } from './search-plan.ts';

describe('planSearch', () => {
  it('clamps paging and keeps only known types', () => {
    const plan = planSearch({
      keyword: '电池',
      sort: 'hot',
      page: -2,
      pageSize: 999,
      types: ['report', 'report', 'nope' as 'report'],
    });
    expect(plan).toMatchObject({
      page: 1,
      pageSize: MAX_PAGE_SIZE,
      offset: 0,
      types: ['report'],
      sort: 'hot',
      hasKeyword: true,
      beyondWindow: false,
    });
    expect(planSearch({ sort: 'new', page: Number.NaN, pageSize: Number.NaN })).toMatchObject({
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
    });
    expect(planSearch({ sort: 'new', page: 2, pageSize: 0 }).pageSize).toBe(1);
  });

  it('marks pages past the result window', () => {
    expect(planSearch({ sort: 'new', page: MAX_OFFSET / 20 + 1, pageSize: 20 }).beyondWindow).toBe(false);
    expect(planSearch({ sort: 'new', page: MAX_OFFSET / 20 + 2, pageSize: 20 }).beyondWindow).toBe(true);
  });

  it('treats a blank keyword as browsing and a symbol-only one as a search for nothing', () => {
    expect(planSearch({ keyword: '   ', sort: 'relevance', page: 1, pageSize: 20 })).toMatchObject({
      hasKeyword: false,
      terms: [],
    });
    expect(planSearch({ keyword: '***', sort: 'relevance', page: 1, pageSize: 20 })).toMatchObject({
      hasKeyword: true,
      terms: [],
    });
  });
});
