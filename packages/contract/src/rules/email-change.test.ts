import { describe, it, expect } from 'vitest';
import { issuesOf } from '../test/issues.ts';
import { ZEmailCodeQuery, ZSetEmailRequest, validateEmailCode, validateNewEmail } from './email-change.ts';

describe('change e-mail', () => {
  it('needs a valid address to send a code', () => {
    expect(validateNewEmail('')).toBe('请输入正确的邮箱');
    expect(validateNewEmail('new@')).toBe('请输入正确的邮箱');
    expect(validateNewEmail(' new@example.com ')).toBeNull();
    expect(ZEmailCodeQuery.parse({ email: ' new@example.com ' })).toEqual({ email: 'new@example.com' });
    expect(issuesOf(ZEmailCodeQuery, {})).toEqual({ email: '请输入正确的邮箱' });
  });

  it('needs the code, six digits', () => {
    expect(validateEmailCode('')).toBe('请输入验证码！');
    expect(validateEmailCode('12345')).toBe('验证码错误');
    expect(validateEmailCode('123456')).toBeNull();
  });

  it('parses the set-e-mail request', () => {
    expect(ZSetEmailRequest.parse({ email: 'new@example.com', code: ' 123456 ' })).toEqual({
      email: 'new@example.com',
      code: '123456',
    });
    expect(issuesOf(ZSetEmailRequest, { email: 'new@example.com', code: '' })).toEqual({
      code: '请输入验证码！',
    });
  });
});
