import { describe, it, expect } from 'vitest';
import { issuesOf } from '../test/issues.ts';
import {
  ZCompanyTypeRequest,
  ZSubscribeUpdateRequest,
  canAddCustomKeyword,
  companyTypeRequiresIndustry,
  customKeywordsField,
  validateCompanyType,
  validateCustomKeywords,
  validateIndustry,
  validateKeyword,
  validateNewCustomKeyword,
  validateSubscribeEmail,
  validateSubscribeKeywords,
} from './subscription.ts';

const LIMIT = '普通用户限5个关键词';
const five = ['新能源', '跨境电商', '直播', '储能', '芯片'];

describe('company type and industry', () => {
  it('requires a company type', () => {
    expect(validateCompanyType(undefined)).toBe('为推送更优质资讯，请选择公司类型');
    expect(validateCompanyType('品牌方')).toBeNull();
  });

  it('requires an industry only when the type lists industries', () => {
    expect(companyTypeRequiresIndustry({ industry: ['美妆', '食品'] })).toBe(true);
    expect(companyTypeRequiresIndustry({ industry: [] })).toBe(false);
    expect(validateIndustry('', true)).toBe('请选择所在行业');
    expect(validateIndustry(' ', true)).toBe('请选择所在行业');
    expect(validateIndustry('美妆', true)).toBeNull();
    expect(validateIndustry('', false)).toBeNull();
  });

  it('parses the company-type request, defaulting industry to empty', () => {
    expect(ZCompanyTypeRequest.parse({ company_type: ' 服务商 ' })).toEqual({
      company_type: '服务商',
      industry: '',
    });
    expect(issuesOf(ZCompanyTypeRequest, { company_type: '' })).toEqual({
      company_type: '为推送更优质资讯，请选择公司类型',
    });
  });
});

describe('keywords', () => {
  it('trims each keyword and allows 20 counted characters', () => {
    expect(validateKeyword(' 新能源 ')).toBeNull();
    expect(validateKeyword('  ')).toBe('关键词不能为空');
    expect(validateKeyword('中'.repeat(10))).toBeNull();
    expect(validateKeyword('中'.repeat(10) + 'a')).toBe('关键词不能超过20个字符');
  });

  it('needs at least one subscribed keyword, none twice', () => {
    expect(validateSubscribeKeywords([])).toBe('请选择订阅关键词！');
    expect(validateSubscribeKeywords(['新能源'])).toBeNull();
    expect(validateSubscribeKeywords(['新能源', ' 新能源 '])).toBe('关键词已存在');
  });

  it('allows five custom keywords and refuses a sixth', () => {
    expect(validateCustomKeywords([])).toBeNull();
    expect(validateCustomKeywords(five)).toBeNull();
    expect(validateCustomKeywords([...five, '汽车'])).toBe(LIMIT);
    expect(canAddCustomKeyword(4)).toBe(true);
    expect(canAddCustomKeyword(5)).toBe(false);
  });

  it('checks a keyword being added against the limit, then itself', () => {
    expect(validateNewCustomKeyword('汽车', five)).toBe(LIMIT);
    expect(validateNewCustomKeyword(' 汽车 ', five.slice(0, 4))).toBeNull();
    expect(validateNewCustomKeyword('', five.slice(0, 4))).toBe('关键词不能为空');
    expect(validateNewCustomKeyword('直播', five.slice(0, 4))).toBe('关键词已存在');
  });

  it('applies the same rules in the list schema', () => {
    expect(customKeywordsField.parse([' 汽车 '])).toEqual(['汽车']);
    expect(issuesOf(customKeywordsField, [...five, '汽车'])).toEqual({ '': LIMIT });
  });
});

describe('subscription e-mail', () => {
  it('must be an address', () => {
    expect(validateSubscribeEmail('me@example')).toBe('请填写正确邮箱！');
    expect(validateSubscribeEmail('me@example.com')).toBeNull();
  });
});

describe('ZSubscribeUpdateRequest', () => {
  it('parses an update', () => {
    expect(
      ZSubscribeUpdateRequest.parse({
        subscribe: [' 新能源 ', '储能'],
        email: 'me@example.com',
        company: '品牌方',
        industry: '美妆',
      }),
    ).toEqual({
      subscribe: ['新能源', '储能'],
      email: 'me@example.com',
      company: '品牌方',
      industry: '美妆',
    });
  });

  it('refuses each bad field with its message', () => {
    expect(issuesOf(ZSubscribeUpdateRequest, { email: 'x' })).toEqual({
      subscribe: '请选择订阅关键词！',
      email: '请填写正确邮箱！',
      company: '为推送更优质资讯，请选择公司类型',
    });
    expect(
      issuesOf(ZSubscribeUpdateRequest, { subscribe: [], email: 'me@example.com', company: '品牌方' }),
    ).toEqual({
      subscribe: '请选择订阅关键词！',
    });
  });
});
