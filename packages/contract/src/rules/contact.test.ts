import { describe, it, expect } from 'vitest';
import { issuesOf } from '../test/issues.ts';
import type { TContactFormValues } from './contact.ts';
import {
  ContactType,
  ZContactCreateRequest,
  validateConsent,
  validateContactContent,
  validateContactEmail,
  validateContactForm,
  validateContactPhone,
  validateContactText,
} from './contact.ts';

const REQUIRED = '输入信息不能为空';
const TOO_LONG = '输入信息不能超过50个字符';
const SPECIAL = '输入信息不能包含特殊字符';
const BAD_EMAIL = '输入邮箱格式不对';
const BAD_PHONE = '输入手机号格式不对';
const CONTENT_TOO_LONG = '输入信息不能超过200个字符';
const CONSENT = '请勾选授权信息';

describe('contact text fields (job, company, department, name)', () => {
  it.each([
    ['a'.repeat(49), null],
    ['a'.repeat(50), null],
    ['a'.repeat(51), TOO_LONG],
    ['中'.repeat(24), null],
    ['中'.repeat(25), null],
    ['中'.repeat(26), TOO_LONG],
    ['中'.repeat(24) + 'a', null],
    ['中'.repeat(24) + 'ab', null],
    ['中'.repeat(24) + 'abc', TOO_LONG],
    ['a' + '中'.repeat(25), TOO_LONG],
    ['7'.repeat(50), null],
  ])('%j → %s', (text, expected) => {
    expect(validateContactText(text)).toBe(expected);
  });

  it.each([undefined, null, '', '   ', '\t\n'])('requires a value (%j)', (value) => {
    expect(validateContactText(value)).toBe(REQUIRED);
  });

  it.each([
    '张 三',
    'a,b',
    'a.b',
    '北京，上海',
    '你好。',
    '你好！',
    '张三😀',
    'a@b',
    'a-b',
    'a_b',
    '阿卜杜勒·阿齐兹',
    '①',
  ])('refuses special characters in %j', (text) => {
    expect(validateContactText(text)).toBe(SPECIAL);
  });

  it('accepts letters, digits and Chinese, trimming the ends', () => {
    expect(validateContactText(' 张三 ')).toBeNull();
    expect(validateContactText('SalesManager2')).toBeNull();
    expect(validateContactText('市场部2组')).toBeNull();
  });

  it('reports special characters before length', () => {
    expect(validateContactText('a,'.repeat(30))).toBe(SPECIAL);
  });
});

describe('contact e-mail', () => {
  it('is required, then must be an address', () => {
    expect(validateContactEmail('')).toBe(REQUIRED);
    expect(validateContactEmail('zhang@')).toBe(BAD_EMAIL);
    expect(validateContactEmail(' zhang@example.com ')).toBeNull();
  });
});

describe('contact phone', () => {
  it('is required for the contact form (type 2)', () => {
    expect(validateContactPhone('', ContactType.contact)).toBe(REQUIRED);
    expect(validateContactPhone(undefined, ContactType.contact)).toBe(REQUIRED);
    expect(validateContactPhone('13800000000', ContactType.contact)).toBeNull();
    expect(validateContactPhone(' 13800000000 ', ContactType.contact)).toBeNull();
  });

  it.each(['12800000000', '1380000000', '138000000000', '+8613800000000'])(
    'refuses %j on either form',
    (phone) => {
      expect(validateContactPhone(phone, ContactType.contact)).toBe(BAD_PHONE);
      expect(validateContactPhone(phone, ContactType.moreInfo)).toBe(BAD_PHONE);
    },
  );

  it('is optional on the more-info form (type 1)', () => {
    expect(validateContactPhone('', ContactType.moreInfo)).toBeNull();
    expect(validateContactPhone('  ', ContactType.moreInfo)).toBeNull();
    expect(validateContactPhone('13800000000', ContactType.moreInfo)).toBeNull();
  });
});

describe('contact content', () => {
  it('allows 400 counted characters, with the message the spec gives (200)', () => {
    expect(validateContactContent('')).toBeNull();
    expect(validateContactContent('a'.repeat(400))).toBeNull();
    expect(validateContactContent('a'.repeat(401))).toBe(CONTENT_TOO_LONG);
    expect(validateContactContent('中'.repeat(200))).toBeNull();
    expect(validateContactContent('中'.repeat(200) + 'a')).toBe(CONTENT_TOO_LONG);
  });

  it('allows punctuation in free text', () => {
    expect(validateContactContent('请发送产品资料，谢谢！')).toBeNull();
  });
});

describe('consent', () => {
  it('is required on the more-info form only', () => {
    expect(validateConsent(false, ContactType.moreInfo)).toBe(CONSENT);
    expect(validateConsent(undefined, ContactType.moreInfo)).toBe(CONSENT);
    expect(validateConsent(true, ContactType.moreInfo)).toBeNull();
    expect(validateConsent(false, ContactType.contact)).toBeNull();
  });
});

const moreInfo: TContactFormValues = {
  type: ContactType.moreInfo,
  company: '示例科技',
  department: '市场部',
  job: '经理',
  name: '张三',
  email: 'zhang@example.com',
  phone: '',
  content: '想了解产品报价。',
  consent: true,
};

describe('validateContactForm', () => {
  it('passes a complete form', () => {
    expect(validateContactForm(moreInfo)).toEqual({});
  });

  it('reports every bad field at once', () => {
    expect(
      validateContactForm({
        ...moreInfo,
        type: ContactType.contact,
        company: '',
        job: '经 理',
        name: '中'.repeat(26),
        email: 'x',
      }),
    ).toEqual({ company: REQUIRED, job: SPECIAL, name: TOO_LONG, email: BAD_EMAIL, phone: REQUIRED });
  });
});

describe('ZContactCreateRequest', () => {
  const body = { company_id: 3, product_id: 7, platform: 'PC', ...moreInfo };

  it('parses a more-info enquiry, trimming text and reading ids from URL strings', () => {
    const parsed = ZContactCreateRequest.parse({ ...body, company_id: '3', name: ' 张三 ' });
    expect(parsed).toMatchObject({ company_id: 3, product_id: 7, type: 1, name: '张三', consent: true });
  });

  it('parses a contact enquiry without product or consent', () => {
    const { product_id: _p, consent: _c, ...contact } = body;
    const parsed = ZContactCreateRequest.parse({ ...contact, type: 2, phone: '13800000000' });
    expect(parsed).toMatchObject({ type: 2, phone: '13800000000', consent: false });
    expect(parsed.product_id).toBeUndefined();
  });

  it('refuses what the form refuses, on the same fields, with the same messages', () => {
    const forms: TContactFormValues[] = [
      { ...moreInfo, consent: false },
      { ...moreInfo, type: ContactType.contact },
      { ...moreInfo, phone: '12800000000', content: 'a'.repeat(401) },
      { ...moreInfo, company: '  ', department: '市场部!', email: '' },
    ];
    for (const form of forms) {
      const expected = validateContactForm(form);
      expect(Object.keys(expected)).not.toHaveLength(0);
      expect(issuesOf(ZContactCreateRequest, { ...body, ...form })).toEqual(expected);
    }
  });

  it('reads missing text fields as empty', () => {
    expect(issuesOf(ZContactCreateRequest, { company_id: 3, type: 2 })).toEqual({
      company: REQUIRED,
      department: REQUIRED,
      job: REQUIRED,
      name: REQUIRED,
      email: REQUIRED,
      phone: REQUIRED,
    });
  });

  it('refuses an unknown type or a missing company id as a bad request', () => {
    expect(issuesOf(ZContactCreateRequest, { ...body, type: 3 })).toEqual({ type: '请求参数错误' });
    const { company_id: _id, ...noCompany } = body;
    expect(issuesOf(ZContactCreateRequest, noCompany)).toEqual({ company_id: '请求参数错误' });
  });

  it('takes an optional client submission id of 8-64 letters, digits and hyphens', () => {
    expect(
      ZContactCreateRequest.parse({ ...body, submission_id: ' 0f8c2a4e-9b1d-4c3e-8f00-123456789abc ' })
        .submission_id,
    ).toBe('0f8c2a4e-9b1d-4c3e-8f00-123456789abc');
    expect(ZContactCreateRequest.parse(body).submission_id).toBeUndefined();
    for (const bad of ['short', 'a'.repeat(65), 'has space 123', 'semi;colon12']) {
      expect(issuesOf(ZContactCreateRequest, { ...body, submission_id: bad })).toEqual({
        submission_id: '请求参数错误',
      });
    }
  });
});
