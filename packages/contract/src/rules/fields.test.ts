import { describe, it, expect } from 'vitest';
import { MSG } from '../messages.ts';
import { messageOf } from '../test/issues.ts';
import { ID_MAX, idField, idTextField, phoneField, smsCodeField } from './fields.ts';
import { validateCode, validatePhone } from './phone-code.ts';
import { isEmail } from './rule.ts';

describe('mainland mobile phone', () => {
  it.each(['13800000000', '19912345678', ' 13800000000 '])('accepts %j', (phone) => {
    expect(validatePhone(phone)).toBeNull();
    expect(messageOf(phoneField, phone)).toBeNull();
  });

  it.each([
    ['12800000000', 'second digit 2'],
    ['1380000000', '10 digits'],
    ['138000000000', '12 digits'],
    ['+8613800000000', 'country code'],
    ['138 0000 0000', 'spaces inside'],
    ['1380000000a', 'a letter'],
    ['', 'empty'],
  ])('refuses %j (%s)', (phone) => {
    expect(validatePhone(phone)).toBe('输入手机号格式不对');
    expect(messageOf(phoneField, phone)).toBe('输入手机号格式不对');
  });

  it('trims what the schema passes on', () => {
    expect(phoneField.parse(' 13800000000 ')).toBe('13800000000');
  });

  it('refuses a number or a missing value with the phone message', () => {
    expect(messageOf(phoneField, 13800000000)).toBe(MSG.contactPhone);
    expect(messageOf(phoneField, undefined)).toBe(MSG.contactPhone);
  });
});

describe('six-digit code', () => {
  it('requires a code first, then six digits', () => {
    expect(validateCode('')).toBe('请输入验证码！');
    expect(validateCode('  ')).toBe('请输入验证码！');
    expect(validateCode('12345')).toBe(MSG.codeWrong);
    expect(validateCode('1234567')).toBe(MSG.codeWrong);
    expect(validateCode('12345a')).toBe(MSG.codeWrong);
    expect(validateCode(' 123456 ')).toBeNull();
    expect(smsCodeField.parse(' 123456 ')).toBe('123456');
    expect(messageOf(smsCodeField, undefined)).toBe('请输入验证码！');
  });
});

describe('isEmail', () => {
  it.each([
    'user@example.com',
    'first.last+tag@sub.example.cn',
    '12345@qq.com',
    'a_b-c@my-domain.com.cn',
    'X%Y@Example.COM',
  ])('accepts %j', (address) => {
    expect(isEmail(address)).toBe(true);
  });

  it.each([
    '',
    'user',
    'user@',
    '@example.com',
    'user@example',
    'user@@example.com',
    'user @example.com',
    'user@exa mple.com',
    '.user@example.com',
    'user.@example.com',
    'us..er@example.com',
    'user@-example.com',
    'user@example-.com',
    'user@example..com',
    'user@example.c',
    'user@example.123',
    '用户@example.com',
    'user@example.com,other@example.com',
    `${'a'.repeat(64)}@${'b'.repeat(186)}.com`,
  ])('refuses %j', (address) => {
    expect(isEmail(address)).toBe(false);
  });

  it('allows exactly 254 characters and no more', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(at254).toHaveLength(254);
    expect(isEmail(at254)).toBe(true);
  });
});

describe('idField', () => {
  it('accepts a positive integer or its digits from a URL', () => {
    expect(idField.parse(12)).toBe(12);
    expect(idField.parse('12')).toBe(12);
    expect(idField.parse(' 12 ')).toBe(12);
  });

  it('accepts the largest 32-bit id and nothing above it', () => {
    expect(idField.parse(ID_MAX)).toBe(2_147_483_647);
    expect(idField.parse('2147483647')).toBe(2_147_483_647);
    expect(messageOf(idField, 2_147_483_648)).toBe(MSG.badRequest);
    expect(messageOf(idField, '2147483648')).toBe(MSG.badRequest);
  });

  it.each([
    0,
    -1,
    '-1',
    1.5,
    '1.5',
    'abc',
    '',
    '1e3',
    '1e400',
    '0x10',
    '9007199254740993',
    Infinity,
    NaN,
    true,
    [5],
    null,
  ])('refuses %j', (id) => {
    expect(messageOf(idField, id)).toBe(MSG.badRequest);
  });

  it('keeps content ids as their decimal text', () => {
    expect(idTextField.parse(12)).toBe('12');
    expect(idTextField.parse('0012')).toBe('12');
    expect(messageOf(idTextField, '2147483648')).toBe(MSG.badRequest);
  });
});
