import { describe, expect, it } from 'vitest';
import { organListOfAddress, organListPageSizeAt, organListSearch } from './organ-list.ts';

describe('机构列表 addresses', () => {
  it('read the view an address names, and write it back with the defaults left out', () => {
    const view = organListOfAddress(new URLSearchParams('sort=hot&q=%20券商%20&industry=银行&page=3'));
    expect(view).toEqual({ filter: { psort: 'hot', keyword: '券商', industry: '银行' }, page: 3 });
    expect(organListSearch(view.filter, view.page)).toEqual({
      sort: 'hot',
      q: '券商',
      industry: '银行',
      page: '3',
    });
    // Unknown or broken values are the defaults, which the address leaves out.
    const plain = organListOfAddress(new URLSearchParams('sort=x&page=-2'));
    expect(plain).toEqual({ filter: { psort: 'new', keyword: '', industry: '' }, page: 1 });
    expect(organListSearch(plain.filter, plain.page)).toEqual({});
  });

  it('size a page by the grid the width gives: 30 with five or six columns, else 24', () => {
    expect(organListPageSizeAt(1980)).toBe(30);
    expect(organListPageSizeAt(390)).toBe(24);
  });
});
