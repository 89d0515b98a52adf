import { describe, expect, it } from 'vitest';
import { issuesOf } from './test/issues.ts';
import {
  ZCompanyContentListQuery,
  ZCompanyListQuery,
  ZContactDetailQuery,
  ZProductDetailQuery,
} from './organisations.ts';

describe('organisation queries', () => {
  it('pages the directory 24 at a time by default, at most 50', () => {
    // Newest first, no name search, every industry, unless the list page asks otherwise.
    const all = { psort: 'new', keyword: '', industry: '' };
    expect(ZCompanyListQuery.parse({})).toEqual({ page: 1, page_size: 24, ...all });
    expect(ZCompanyListQuery.parse({ page: '2', page_size: '30' })).toEqual({
      page: 2,
      page_size: 30,
      ...all,
    });
    expect(ZCompanyListQuery.parse({ psort: 'hot', keyword: ' 宁德 ', industry: '新能源' })).toMatchObject({
      psort: 'hot',
      keyword: '宁德',
      industry: '新能源',
    });
    expect(issuesOf(ZCompanyListQuery, { page_size: '51' })).toEqual({ page_size: '请求参数错误' });
    expect(issuesOf(ZCompanyListQuery, { page: '0' })).toEqual({ page: '请求参数错误' });
  });

  it('reads a product id from product_id or id', () => {
    expect(ZProductDetailQuery.parse({ product_id: '4', company_id: '2' })).toEqual({
      product_id: 4,
      company_id: 2,
    });
    expect(ZProductDetailQuery.parse({ id: '4' })).toEqual({ product_id: 4, company_id: undefined });
    expect(issuesOf(ZProductDetailQuery, {})).toEqual({ product_id: '请求参数错误' });
  });

  it('knows the organisation tabs it lists and the two form types', () => {
    expect(ZCompanyContentListQuery.parse({ id: '2' }).tn).toBe('company_product');
    expect(issuesOf(ZCompanyContentListQuery, { id: '2', tn: 'company_about' })).toEqual({
      tn: '不支持的内容分类',
    });
    expect(ZContactDetailQuery.parse({ type: '1', id: '2' })).toEqual({ type: 1, id: 2 });
    expect(issuesOf(ZContactDetailQuery, { type: '3', id: '2' })).toEqual({ type: '请求参数错误' });
  });
});
