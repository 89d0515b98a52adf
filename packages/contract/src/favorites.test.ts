import { describe, expect, it } from 'vitest';
import {
  ZFavoriteListRequest,
  ZFavoriteToggleRequest,
  ZFolderCreateRequest,
  ZFolderItemsRequest,
} from './favorites.ts';
import { issuesOf, messageOf } from './test/issues.ts';

describe('favourite calls', () => {
  it('lists folders by default, 200 a page', () => {
    expect(ZFavoriteListRequest.parse({})).toEqual({ tn: 'all', page: 1, page_size: 200 });
    expect(messageOf(ZFavoriteListRequest, { page_size: 201 })).toBe('请求参数错误');
    expect(messageOf(ZFavoriteListRequest, { tn: 'company_report' })).toBe('不支持的内容分类');
  });

  it('needs data_id and data_type together', () => {
    expect(issuesOf(ZFavoriteListRequest, { data_id: '12' })).toEqual({ data_type: '请求参数错误' });
    expect(ZFavoriteListRequest.parse({ data_id: 12, data_type: 'portal_report' })).toMatchObject({
      data_id: '12',
    });
  });

  it('pages folder items 10 at a time and reads ids from query strings', () => {
    expect(ZFolderItemsRequest.parse({ favorite_id: '7' })).toEqual({
      favorite_id: 7,
      page: 1,
      page_size: 10,
    });
    expect(messageOf(ZFolderItemsRequest, { favorite_id: '0' })).toBe('请求参数错误');
    expect(messageOf(ZFolderItemsRequest, { favorite_id: '99999999999' })).toBe('请求参数错误');
  });

  it('trims folder names and requires them with the spec message; the description is optional', () => {
    expect(ZFolderCreateRequest.parse({ name: ' 行业 ' })).toEqual({ name: '行业', remark: '' });
    expect(messageOf(ZFolderCreateRequest, { name: '  ' })).toBe('收藏夹名称不能为空！');
    expect(messageOf(ZFolderCreateRequest, {})).toBe('收藏夹名称不能为空！');
  });

  it('toggles with status 0 or 1 only; the folder is optional', () => {
    expect(ZFavoriteToggleRequest.parse({ data_id: '3', data_type: 'portal_report', status: '1' })).toEqual({
      data_id: '3',
      data_type: 'portal_report',
      status: 1,
    });
    expect(
      messageOf(ZFavoriteToggleRequest, { data_id: '3', data_type: 'portal_report', status: 2 }),
    ).not.toBeNull();
  });
});
