import { describe, expect, it } from 'vitest';
import { get, pathOf, post, queryStringOf } from './endpoint.ts';

describe('route map endpoints', () => {
  it('keep their method and path', () => {
    expect(post('/api/user/favorite').takes<{ id: number }>().returns<null>()).toEqual({
      method: 'POST',
      path: '/api/user/favorite',
    });
  });

  it('fill every :name segment, URI-encoded', () => {
    const endpoint = get('/api/admin/:kind/:id/grants/:userId').returns<null>();
    expect(pathOf(endpoint, { kind: 'reports', id: 12, userId: '中 文' })).toBe(
      '/api/admin/reports/12/grants/%E4%B8%AD%20%E6%96%87',
    );
  });

  it('refuse to build a path with a parameter missing', () => {
    const endpoint = get('/api/admin/users/:id').returns<null>();
    expect(() => pathOf(endpoint, {} as { id: number })).toThrow(':id');
  });
});

describe('queryStringOf', () => {
  it('writes set values as text, encoded, and leaves unset ones out', () => {
    expect(
      queryStringOf({ page: 2, keyword: '研究 院', hot: true, industry: '', id: undefined, x: null }),
    ).toBe('page=2&keyword=%E7%A0%94%E7%A9%B6+%E9%99%A2&hot=true&industry=');
    expect(queryStringOf(undefined)).toBe('');
  });
});
