import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { validateNickname, ZUcossQuery, ZUpdateUserInfoRequest } from './account.ts';
import { messageOf } from './test/issues.ts';

describe('account rules', () => {
  it('wants a nickname of 1 to 20 characters after trimming', () => {
    expect(validateNickname('  ')).toBe(MSG.nicknameRequired);
    expect(validateNickname(undefined)).toBe(MSG.nicknameRequired);
    expect(validateNickname('洞'.repeat(20))).toBeNull();
    expect(validateNickname('😀'.repeat(20))).toBeNull();
    expect(validateNickname('a'.repeat(21))).toBe(MSG.nicknameTooLong);
  });

  it('update_user_info takes a nickname and/or an empty avatar, nothing else', () => {
    expect(messageOf(ZUpdateUserInfoRequest, {})).toBe(MSG.badRequest);
    expect(messageOf(ZUpdateUserInfoRequest, { avatar: '/files/x.png' })).toBe(MSG.badRequest);
    expect(messageOf(ZUpdateUserInfoRequest, { avatar: '' })).toBeNull();
    expect(messageOf(ZUpdateUserInfoRequest, { nickname: ' 小洞 ' })).toBeNull();
  });

  it('an SSO entry without its token is refused with the SSO message', () => {
    expect(messageOf(ZUcossQuery, { uc_toolid: 't', uc_userid: 'u' })).toBe(MSG.ssoRefused);
    expect(messageOf(ZUcossQuery, { uc_toolid: 't', uc_userid: 'u', uc_token: 'x' })).toBeNull();
  });
});
