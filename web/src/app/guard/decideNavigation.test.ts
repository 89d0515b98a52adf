import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, USER_ROUTES } from '@portal/contract';
import type { TGuardSession } from './decideNavigation.ts';
import { decideNavigation } from './decideNavigation.ts';

const anonymous: TGuardSession = { token: null, loaded: false, roles: [], routes: [] };
const fresh: TGuardSession = { token: 'tok', loaded: false, roles: [], routes: [] };
const user: TGuardSession = { token: 'tok', loaded: true, roles: [1], routes: USER_ROUTES };
const admin: TGuardSession = {
  token: 'tok',
  loaded: true,
  roles: [1, 2],
  routes: [...USER_ROUTES, ...ADMIN_ROUTES],
};

const decide = (path: string, session: TGuardSession, search = '') => decideNavigation(path, search, session);

describe('decideNavigation: /connect', () => {
  it('always passes, with or without a token, loaded or not', () => {
    for (const session of [anonymous, fresh, user, admin]) {
      expect(decide('/connect', session)).toEqual({ kind: 'allow' });
    }
    expect(decide('/connect', anonymous, '?code=abc')).toEqual({ kind: 'allow' });
  });
});

describe('decideNavigation: without a token', () => {
  it.each(['/login', '/phone_verify', '/user_private', '/404', '/headlines_no_token/42', '/ucoss/7'])(
    'lets the anonymous route %s pass',
    (path) => {
      expect(decide(path, anonymous)).toEqual({ kind: 'allow' });
    },
  );

  it('accepts a trailing slash on an anonymous route', () => {
    expect(decide('/login/', anonymous)).toEqual({ kind: 'allow' });
  });

  it.each(['/', '/homepage', '/login_keyword'])(
    'sends %s to /login, which lands on the home page anyway',
    (path) => {
      expect(decide(path, anonymous)).toEqual({ kind: 'redirect', to: '/login' });
    },
  );

  it.each([
    '/report/report_details/1',
    '/admin',
    '/self/self_setting',
    '/searchpage/searchpage',
    '/keyword_setting',
    '/self/collect_404',
    '/no/such/page',
    '/headlines_no_token',
    '/ucoss',
  ])('sends %s to /login, naming it as the page to return to', (path) => {
    expect(decide(path, anonymous)).toEqual({
      kind: 'redirect',
      to: `/login?redirect=${encodeURIComponent(path)}`,
    });
  });

  it('keeps the query string of the page to return to (a digest link)', () => {
    expect(decide('/headlines/headlines_details/7', anonymous, '?from=email&x=1')).toEqual({
      kind: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/headlines/headlines_details/7?from=email&x=1')}`,
    });
  });

  it('stores the from_where origin of /unsubscribe, then goes to /login and back', () => {
    expect(decide('/unsubscribe', anonymous, '?from_where=email')).toEqual({
      kind: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/unsubscribe?from_where=email')}`,
      unsubscribeOrigin: 'email',
    });
  });

  it('records "others" when /unsubscribe has no (or an empty) from_where', () => {
    expect(decide('/unsubscribe', anonymous)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Funsubscribe',
      unsubscribeOrigin: 'others',
    });
    expect(decide('/unsubscribe', anonymous, '?from_where=')).toMatchObject({ unsubscribeOrigin: 'others' });
    expect(decide('/unsubscribe', anonymous, '?other=1')).toMatchObject({ unsubscribeOrigin: 'others' });
  });

  it('lets the digest e-mail link (/unsubscribe with a token) through without a session', () => {
    expect(decide('/unsubscribe', anonymous, '?from_where=email&token=1.abc')).toEqual({
      kind: 'allow',
      unsubscribeOrigin: 'email',
    });
    expect(decide('/unsubscribe', anonymous, '?token=')).toMatchObject({
      kind: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/unsubscribe?token=')}`,
    });
  });

  it('reports no origin for other paths', () => {
    expect(decide('/homepage', anonymous, '?from_where=email')).not.toHaveProperty('unsubscribeOrigin');
  });
});

describe('decideNavigation: with a token', () => {
  it('sends /login to / whether or not roles are loaded', () => {
    expect(decide('/login', fresh)).toEqual({ kind: 'redirect', to: '/' });
    expect(decide('/login', user)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('sends /login?redirect= to that page when it is inside the portal', () => {
    expect(decide('/login', user, '?redirect=%2Freport%2Freport_details%2F3')).toEqual({
      kind: 'redirect',
      to: '/report/report_details/3',
    });
  });

  it.each([
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/login',
    '/phone_verify',
  ])('never follows ?redirect=%s off the site or back into a way in', (target) => {
    expect(decide('/login', user, `?redirect=${encodeURIComponent(target)}`)).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('sends /login to onboarding while the login said set_keyword_status 0', () => {
    expect(decide('/login', { ...fresh, needsOnboarding: true })).toEqual({
      kind: 'redirect',
      to: '/login_keyword',
    });
    expect(decide('/login_keyword', { ...user, needsOnboarding: true })).toEqual({ kind: 'allow' });
    expect(decide('/homepage', { ...user, needsOnboarding: true })).toEqual({ kind: 'allow' });
  });

  it('sends / to /homepage', () => {
    expect(decide('/', fresh)).toEqual({ kind: 'redirect', to: '/homepage' });
    expect(decide('/', user)).toEqual({ kind: 'redirect', to: '/homepage' });
  });

  it('asks for roles and routes first when they are not loaded yet', () => {
    for (const path of ['/homepage', '/admin', '/self/self_setting', '/no/such/page', '/404']) {
      expect(decide(path, fresh)).toEqual({ kind: 'load-session' });
    }
  });

  it('keeps the unsubscribe origin while the session loads', () => {
    expect(decide('/unsubscribe', fresh, '?from_where=digest')).toEqual({
      kind: 'load-session',
      unsubscribeOrigin: 'digest',
    });
    expect(decide('/unsubscribe', user, '?from_where=digest')).toEqual({
      kind: 'allow',
      unsubscribeOrigin: 'digest',
    });
  });

  it('lets the server-driven routes of the user pass, with their params', () => {
    for (const path of [
      '/homepage',
      '/report',
      '/report/report_details/12',
      '/report_details/12',
      '/organ/organProduct/5',
    ]) {
      expect(decide(path, user)).toEqual({ kind: 'allow' });
    }
    expect(decide('/analysis', user, '?anal_type=brand')).toEqual({ kind: 'allow' });
  });

  it('lets every registered route pass, the anonymous ones included', () => {
    for (const path of [
      '/404',
      '/phone_verify',
      '/user_private',
      '/headlines_no_token/3',
      '/ucoss/1',
      '/login_keyword',
      '/keyword_setting',
      '/self/self_setting',
      '/self/collect_404',
      '/searchpage/searchpage',
      '/unsubscribe',
    ]) {
      expect(decide(path, user)).toMatchObject({ kind: 'allow' });
    }
  });

  it('sends unknown paths to /404', () => {
    for (const path of ['/nope', '/report/report_details', '/homepage/extra', '/admin/users']) {
      expect(decide(path, user)).toEqual({ kind: 'redirect', to: '/404' });
    }
  });

  it('only knows the routes the server gave this user', () => {
    const narrow: TGuardSession = { ...user, routes: [{ path: '/homepage' }] };
    expect(decide('/homepage', narrow)).toEqual({ kind: 'allow' });
    expect(decide('/report', narrow)).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('opens /admin to role 2 only', () => {
    expect(decide('/admin', admin)).toEqual({ kind: 'allow' });
    expect(decide('/admin', user)).toEqual({ kind: 'redirect', to: '/404' });
    // The back-office's sections live below /admin, behind the same check.
    expect(decide('/admin/feedback', admin)).toEqual({ kind: 'allow' });
    expect(decide('/admin/feedback', user)).toEqual({ kind: 'redirect', to: '/404' });
    expect(decide('/administrator', admin)).toEqual({ kind: 'redirect', to: '/404' });
    // The role decides, not whether the route list happens to contain /admin.
    expect(decide('/admin', { ...user, routes: [...USER_ROUTES, ...ADMIN_ROUTES] })).toEqual({
      kind: 'redirect',
      to: '/404',
    });
  });
});
