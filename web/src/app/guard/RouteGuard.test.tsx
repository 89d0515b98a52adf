import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ROUTES, DEFAULT_THEME, SESSION_DATA_ELEMENT_ID, USER_ROUTES } from '@portal/contract';
import { setUnauthorizedHandler } from '../../api/client.ts';
import { clearSessionCookies, getToken } from '../../api/cookies.ts';
import { setNotifier } from '../../api/notify.ts';
import { UNSUBSCRIBE_ORIGIN_KEY } from '../../features/subscriptions/unsubscribeOrigin.ts';
import { ok, stubFetch, type TStubCall } from '../../test/fetchStub.ts';
import { endSession, startSession, startSessionFromPage, takeFirstData } from '../session/session.ts';
import { sessionStore } from '../session/sessionStore.ts';
import { RouteGuard } from './RouteGuard.tsx';

const USER = { phone: '13800000001', nickname: '演示用户', avatar: '', email: '' };
const MENU = [{ key: 'homepage', title: '首页', path: '/homepage' }];

function routesReply(type: string | null, roles: number[]) {
  if (type === '2') {
    return ok({ routes: ADMIN_ROUTES, login_role_type: roles, logo: '', style: DEFAULT_THEME, user: USER });
  }
  return ok({
    routes: USER_ROUTES,
    login_role_type: roles,
    logo: '/brand/logo.svg',
    style: DEFAULT_THEME,
    user: USER,
  });
}

/** A server with one user whose roles are `roles`. */
function server(roles: number[]) {
  return stubFetch((call: TStubCall) => {
    if (call.url.pathname === '/api/user/routes') {
      return routesReply(call.url.searchParams.get('type'), roles);
    }
    if (call.url.pathname === '/api/menu') {
      return ok(MENU);
    }
    return { status: 404, body: { code: -1, message: 'not found', data: null } };
  });
}

function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(to)}>
      go {to}
    </button>
  );
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <RouteGuard>
        <Routes>
          <Route path="/login" element={<p>登录页</p>} />
          <Route path="/homepage" element={<GoTo to="/report" />} />
          <Route path="/report" element={<p>报告页</p>} />
          <Route path="/404" element={<p>404页</p>} />
          <Route path="/admin" element={<p>后台页</p>} />
          <Route path="/unsubscribe" element={<p>退订页</p>} />
          <Route path="*" element={<p>其他页</p>} />
        </Routes>
      </RouteGuard>
    </MemoryRouter>,
  );
}

const login = (roles: number[]) =>
  startSession({ token: 'tok', login_role_type: roles, user_company_type_status: 1, set_keyword_status: 1 });
const routeCalls = (calls: TStubCall[]) =>
  calls.filter((c) => c.url.pathname === '/api/user/routes').map((c) => c.url.searchParams.get('type'));

let restoreNotifier: () => void;
beforeEach(() => {
  restoreNotifier = setNotifier(() => {});
  setUnauthorizedHandler(endSession);
});
afterEach(() => {
  cleanup();
  restoreNotifier();
  endSession();
  clearSessionCookies();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('RouteGuard without a token', () => {
  it('sends a protected page to /login without calling the server', async () => {
    const calls = server([1]);
    renderAt('/homepage');
    expect(await screen.findByText('登录页')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows an anonymous page', async () => {
    server([1]);
    renderAt('/404');
    expect(await screen.findByText('404页')).toBeTruthy();
  });

  it('stores the unsubscribe origin before going to /login', async () => {
    server([1]);
    renderAt('/unsubscribe?from_where=digest_mail');
    expect(await screen.findByText('登录页')).toBeTruthy();
    expect(window.sessionStorage.getItem(UNSUBSCRIBE_ORIGIN_KEY)).toBe('digest_mail');
  });
});

describe('RouteGuard with a token', () => {
  it('fetches roles, routes and menu once, then shows the page', async () => {
    login([1]);
    const calls = server([1]);
    renderAt('/homepage');
    expect(screen.getByRole('status').textContent).toBe('加载中...');
    const go = await screen.findByRole('button', { name: 'go /report' });
    expect(routeCalls(calls)).toEqual(['1']);
    expect(calls.some((c) => c.url.pathname === '/api/menu')).toBe(true);
    expect(sessionStore.get()).toMatchObject({ loaded: true, roles: [1], menu: MENU, user: USER });

    act(() => go.click());
    expect(await screen.findByText('报告页')).toBeTruthy();
    expect(routeCalls(calls)).toEqual(['1']);
  });

  it('fetches the admin routes too for role 2 and lets /admin through', async () => {
    login([1, 2]);
    const calls = server([1, 2]);
    renderAt('/admin');
    expect(await screen.findByText('后台页')).toBeTruthy();
    expect(routeCalls(calls).sort()).toEqual(['1', '2']);
  });

  it('sends an ordinary user from /admin to /404', async () => {
    login([1]);
    server([1]);
    renderAt('/admin');
    expect(await screen.findByText('404页')).toBeTruthy();
  });

  it('sends an unknown path to /404 and /login to /homepage', async () => {
    login([1]);
    server([1]);
    renderAt('/no/such/page');
    expect(await screen.findByText('404页')).toBeTruthy();
    cleanup();
    renderAt('/login');
    expect(await screen.findByRole('button', { name: 'go /report' })).toBeTruthy();
  });

  it('ends the session and goes to /login when the token is refused (401)', async () => {
    login([1]);
    stubFetch(() => ({ status: 401, body: { code: -1, message: '登录已失效，请重新登录', data: null } }));
    renderAt('/homepage');
    expect(await screen.findByText('登录页')).toBeTruthy();
    expect(getToken()).toBeNull();
    expect(sessionStore.get().loaded).toBe(false);
  });

  it('ends the session when the routes reply is unusable', async () => {
    login([1]);
    stubFetch((call) => (call.url.pathname === '/api/menu' ? ok(MENU) : ok(null)));
    renderAt('/homepage');
    expect(await screen.findByText('登录页')).toBeTruthy();
    expect(getToken()).toBeNull();
  });
});

describe('RouteGuard with the session written into the page', () => {
  /** The data block server/src/http/session-data.ts writes into a signed-in page's HTML. */
  function pageWith(data: unknown) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = SESSION_DATA_ELEMENT_ID;
    element.textContent = typeof data === 'string' ? data : JSON.stringify(data);
    document.head.append(element);
  }
  const envelope = (reply: { body?: unknown }) => reply.body;

  it('renders the page on the first pass, without the boot screen or a session call', () => {
    login([1, 2]);
    const calls = server([1, 2]);
    pageWith({
      routes: envelope(routesReply('1', [1, 2])),
      menu: envelope(ok(MENU)),
      adminRoutes: envelope(routesReply('2', [1, 2])),
    });
    expect(startSessionFromPage()).toBe(true);
    renderAt('/admin');
    expect(screen.getByText('后台页')).toBeTruthy();
    expect(calls).toHaveLength(0);
    expect(sessionStore.get()).toMatchObject({ loaded: true, roles: [1, 2], menu: MENU, user: USER });
    expect(document.getElementById(SESSION_DATA_ELEMENT_ID)).toBeNull();
  });

  it("hands a detail screen's item to the query cache once, and only a successful reply", () => {
    login([1]);
    const item = { detail_info: { _id: '7' } };
    pageWith({
      routes: envelope(routesReply('1', [1])),
      menu: envelope(ok(MENU)),
      first: [
        { key: ['detail', 'item', 'portal_report', '7'], reply: envelope(ok(item)) },
        {
          key: ['detail', 'item', 'portal_report', '8'],
          reply: { code: 1001, message: '暂无查看权限', data: null },
        },
      ],
    });
    expect(startSessionFromPage()).toBe(true);
    expect(takeFirstData()).toEqual([{ key: ['detail', 'item', 'portal_report', '7'], data: item }]);
    expect(takeFirstData()).toEqual([]);
  });

  it('fetches as usual when the page holds no usable replies', async () => {
    login([1]);
    const calls = server([1]);
    pageWith('{not json');
    expect(startSessionFromPage()).toBe(false);
    pageWith({ routes: { code: 1001, message: '无权限', data: null }, menu: envelope(ok(MENU)) });
    expect(startSessionFromPage()).toBe(false);
    renderAt('/homepage');
    expect(screen.getByRole('status').textContent).toBe('加载中...');
    expect(await screen.findByRole('button', { name: 'go /report' })).toBeTruthy();
    expect(routeCalls(calls)).toEqual(['1']);
  });
});
