import { describe, expect, it } from 'vitest';
import { ZHeadlineListRequest, ZKeywordStatusRequest } from './subscriptions.ts';

describe('headline list request', () => {
  it('defaults to the business tab, page 1 of 20, newest first, nothing excluded', () => {
    expect(ZHeadlineListRequest.parse({})).toEqual({
      tn: 'business',
      keyword: '',
      page: 1,
      page_size: 20,
      subscribe_keyword: [],
      psort: 'new',
    });
  });

  it('takes the exclusion list as an array or as comma-joined text, trimmed, without blanks', () => {
    expect(
      ZHeadlineListRequest.parse({ subscribe_keyword: [' 光伏 ', '', '储能'] }).subscribe_keyword,
    ).toEqual(['光伏', '储能']);
    expect(ZHeadlineListRequest.parse({ subscribe_keyword: '光伏, 储能,' }).subscribe_keyword).toEqual([
      '光伏',
      '储能',
    ]);
  });

  it('offers only 最新 and 最热, and only the business tab', () => {
    expect(ZHeadlineListRequest.safeParse({ psort: 'hot' }).success).toBe(true);
    expect(ZHeadlineListRequest.safeParse({ psort: 'recommend' }).success).toBe(false);
    expect(ZHeadlineListRequest.safeParse({ tn: 'report' }).success).toBe(false);
    expect(ZHeadlineListRequest.safeParse({ page_size: 51 }).success).toBe(false);
  });
});

describe('keyword status request', () => {
  it('is 1 (shown) or 0 (hidden), as a number or text', () => {
    expect(ZKeywordStatusRequest.parse({ keyword: ' 光伏 ', status: '0' })).toEqual({
      keyword: '光伏',
      status: 0,
    });
    expect(ZKeywordStatusRequest.safeParse({ keyword: '光伏', status: 2 }).success).toBe(false);
    expect(ZKeywordStatusRequest.safeParse({ keyword: ' ', status: 1 }).success).toBe(false);
  });
});
