import { describe, expect, it } from 'vitest';
import { finishThirdParty } from './thirdParty.ts';

const login = (set_keyword_status: number) => ({
  token: 'a'.repeat(64),
  login_role_type: [1],
  user_company_type_status: set_keyword_status,
  set_keyword_status,
});

describe('finishThirdParty', () => {
  it('sends a new SSO or WeChat user through keyword onboarding, like a phone login', () => {
    expect(finishThirdParty({ need_bind: 0, login: login(0), bind: null })).toBe('/login_keyword');
    expect(finishThirdParty({ need_bind: 0, login: login(1), bind: null })).toBe('/');
  });

  it('sends a reply with neither a session nor an account to bind back to /login', () => {
    expect(finishThirdParty({ need_bind: 0, login: null, bind: null })).toBe('/login');
  });
});
