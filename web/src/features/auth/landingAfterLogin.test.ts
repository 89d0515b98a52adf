import { afterEach, describe, expect, it } from 'vitest';
import { landingAfterLogin } from './landingAfterLogin.ts';
import {
  loginPathFor,
  rememberReturnPath,
  returnPathIn,
  takeReturnPath,
} from '../../app/session/returnPath.ts';

afterEach(() => sessionStorage.clear());

describe('deep links through login', () => {
  it('a headline opened from an e-mail without a session is where the login lands', () => {
    const login = loginPathFor('/headlines/headlines_details/7', '?from=email');
    rememberReturnPath(returnPathIn(new URL(login, 'http://x').search));
    expect(landingAfterLogin({ set_keyword_status: 1 })).toBe('/headlines/headlines_details/7?from=email');
    // Once: a later login in the same tab goes to the home page again.
    expect(landingAfterLogin({ set_keyword_status: 1 })).toBe('/');
  });

  it('onboarding comes first and keeps the page for after it is saved', () => {
    rememberReturnPath('/report/report_details/3');
    expect(landingAfterLogin({ set_keyword_status: 0 })).toBe('/login_keyword');
    expect(takeReturnPath()).toBe('/report/report_details/3');
  });

  it('opening the login page without a return path forgets an old one', () => {
    rememberReturnPath('/report/report_details/3');
    rememberReturnPath(returnPathIn(''));
    expect(landingAfterLogin({ set_keyword_status: 1 })).toBe('/');
  });

  it('a stored path is checked again when it is used (storage is writable by any script of the page)', () => {
    sessionStorage.setItem('portal.return_to', '//evil.example/phish');
    expect(takeReturnPath()).toBeNull();
  });
});
