import { describe, it, expect } from 'vitest';
import { organPageSize, recommendPageSize, shouldShowHeadlineLoadMore } from './paging.ts';

describe('recommendPageSize', () => {
  it.each([
    [18, 6],
    [15, 5],
    [12, 4],
    [6, 2],
    [20, 6],
    [2, 1],
  ])('a list of %i recommends %i', (listPageSize, n) => {
    expect(recommendPageSize(listPageSize)).toBe(n);
  });
});

describe('shouldShowHeadlineLoadMore', () => {
  it('shows after a full page while more headlines exist', () => {
    expect(shouldShowHeadlineLoadMore(20, 20, 45)).toBe(true);
    expect(shouldShowHeadlineLoadMore(20, 40, 45)).toBe(true);
  });

  it('hides after a short page, or once every headline is loaded', () => {
    expect(shouldShowHeadlineLoadMore(19, 39, 45)).toBe(false);
    expect(shouldShowHeadlineLoadMore(0, 40, 45)).toBe(false);
    expect(shouldShowHeadlineLoadMore(20, 40, 40)).toBe(false);
    expect(shouldShowHeadlineLoadMore(20, 20, 20)).toBe(false);
  });
});

describe('organPageSize', () => {
  it('loads 30 on a 5- or 6-column grid and 24 otherwise', () => {
    expect(organPageSize(6)).toBe(30);
    expect(organPageSize(5)).toBe(30);
    expect(organPageSize(4)).toBe(24);
    expect(organPageSize(2)).toBe(24);
  });
});
