import { describe, expect, it } from 'vitest';
import { apiQuery, readTableParams, withFilter, writeTableParams } from './tableParams.ts';

describe('table parameters in the address', () => {
  it('reads page, size, sort and filters, and writes them back without the defaults', () => {
    const params = readTableParams(
      new URLSearchParams('page=3&page_size=50&sort=views&order=desc&status=draft'),
    );
    expect(params).toEqual({
      page: 3,
      page_size: 50,
      sort: 'views',
      order: 'desc',
      filters: { status: 'draft' },
    });
    expect(writeTableParams(params).toString()).toBe(
      'status=draft&sort=views&order=desc&page=3&page_size=50',
    );
    expect(writeTableParams(readTableParams(new URLSearchParams(''))).toString()).toBe('');
  });

  it('falls back to the defaults for a malformed address', () => {
    const params = readTableParams(new URLSearchParams('page=-2&page_size=7&sort=views&order=sideways'));
    expect(params).toEqual({ page: 1, page_size: 20, filters: {} });
  });

  it('sends the sort as the API spells it: a leading minus for descending', () => {
    const base = { page: 2, page_size: 20, filters: { keyword: '新能源' } };
    expect(apiQuery({ ...base, sort: 'views', order: 'desc' })).toEqual({
      keyword: '新能源',
      page: 2,
      page_size: 20,
      sort: '-views',
    });
    expect(apiQuery({ ...base, sort: 'published_at', order: 'asc' }).sort).toBe('published_at');
    expect(apiQuery(base)).not.toHaveProperty('sort');
  });

  it('goes back to page 1 when a filter changes, and drops an emptied filter', () => {
    const on = withFilter({ page: 4, page_size: 20, filters: {} }, 'status', 'published');
    expect(on).toEqual({ page: 1, page_size: 20, filters: { status: 'published' } });
    expect(withFilter({ ...on, page: 3 }, 'status', '').filters).toEqual({});
  });
});
