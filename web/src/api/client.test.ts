import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi, del, get, MSG, post, siteApi } from '@portal/contract';
import { stubFetch } from '../test/fetchStub.ts';
import { ApiError, call, endpointUrl, setUnauthorizedHandler } from './client.ts';
import { clearSessionCookies, getCookieRoles, getToken, readCookie, saveLoginCookies } from './cookies.ts';
import { setNotifier, type TNoticeKind } from './notify.ts';

let notices: { kind: TNoticeKind; message: string }[];
let restoreNotifier: () => void;
let unauthorized: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  notices = [];
  restoreNotifier = setNotifier((kind, message) => notices.push({ kind, message }));
  unauthorized = vi.fn<() => void>();
  setUnauthorizedHandler(unauthorized);
});

afterEach(() => {
  restoreNotifier();
  clearSessionCookies();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** An endpoint whose query has an optional field, to see unset values left out. */
const probe = get('/api/menu').takes<{ type: number; skip?: string }>().returns<{ n: number }>();

const login = {
  token: 'secret-token',
  login_role_type: [1, 2],
  user_company_type_status: 1,
  set_keyword_status: 0,
};

describe('api client: request', () => {
  it('sends source: 1 and the token header, and resolves with data on code 0', async () => {
    saveLoginCookies(login);
    const calls = stubFetch(() => ({ body: { code: 0, message: 'ok', data: { n: 1 } } }));
    await expect(call(probe, { type: 1, skip: undefined })).resolves.toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('source')).toBe('1');
    expect(calls[0]?.headers.get('token')).toBe('secret-token');
    expect(calls[0]?.url.pathname).toBe('/api/menu');
    expect(calls[0]?.url.search).toBe('?type=1');
  });

  it('sends no token header without a session', async () => {
    const calls = stubFetch(() => ({ body: { code: 0, message: '', data: null } }));
    await call(authApi.sendCode, { phone: '13800000001' });
    expect(calls[0]?.headers.has('token')).toBe(false);
    expect(calls[0]?.headers.get('source')).toBe('1');
  });

  it('posts a JSON body', async () => {
    const calls = stubFetch(() => ({ body: { code: 0, message: '', data: null } }));
    await call(authApi.logout, undefined);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({});
  });
});

describe('api client: refusals', () => {
  it('rejects a non-zero code with the server message and shows it', async () => {
    stubFetch(() => ({ body: { code: 1001, message: '暂无查看权限', data: null } }));
    const error = await call(siteApi.routes, { type: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 1001, message: '暂无查看权限', status: 200 });
    expect(notices).toEqual([{ kind: 'error', message: '暂无查看权限' }]);
  });

  it('shows the message of an HTTP error such as 429', async () => {
    stubFetch(() => ({ status: 429, body: { code: -1, message: MSG.codeResendTooSoon, data: null } }));
    await expect(call(authApi.sendCode, { phone: '13800000001' })).rejects.toMatchObject({
      status: 429,
      message: MSG.codeResendTooSoon,
    });
    expect(notices.map((n) => n.message)).toEqual([MSG.codeResendTooSoon]);
  });

  it('stays quiet when the caller handles the refusal itself', async () => {
    stubFetch(() => ({ body: { code: 1001, message: '暂无查看权限', data: null } }));
    await expect(call(siteApi.routes, { type: 2 }, { notify: false })).rejects.toBeInstanceOf(ApiError);
    expect(notices).toEqual([]);
  });

  it('falls back to a Chinese message when the server sends none', async () => {
    stubFetch(() => ({ status: 500, body: null }));
    await expect(call(siteApi.menu, undefined)).rejects.toMatchObject({
      message: MSG.serverError,
      status: 500,
    });
  });

  it('reports a network failure as 网络异常', async () => {
    stubFetch(() => new TypeError('Failed to fetch'));
    await expect(call(siteApi.menu, undefined)).rejects.toMatchObject({
      message: MSG.networkError,
      status: 0,
    });
    expect(notices.map((n) => n.message)).toEqual([MSG.networkError]);
  });

  it('gives up after 100 s', async () => {
    vi.useFakeTimers();
    // A server that never answers; like a real fetch, the stub rejects once its signal aborts.
    stubFetch(
      ({ signal }) =>
        new Promise((_, reject) => {
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = call(siteApi.menu, undefined).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(99_999);
    expect(notices).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ message: MSG.networkError });
  });
});

describe('api client: 401', () => {
  it('clears the token and role cookies, hands over to /login, and rejects', async () => {
    saveLoginCookies(login);
    expect(getToken()).toBe('secret-token');
    stubFetch(() => ({ status: 401, body: { code: -1, message: MSG.unauthorized, data: null } }));

    await expect(call(siteApi.menu, undefined)).rejects.toMatchObject({ status: 401 });

    expect(getToken()).toBeNull();
    expect(getCookieRoles()).toEqual([]);
    expect(readCookie('user_company_type_status')).toBeNull();
    expect(readCookie('set_keyword_status')).toBeNull();
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(notices.map((n) => n.message)).toEqual([MSG.unauthorized]);
  });
});

describe('api client: calls through the contract route map', () => {
  const list = get('/api/things').takes<{ page: number; q?: string }>().returns<{ n: number }>();
  const rename = post('/api/things/:id/name').takes<{ name: string }>().returns<null>();
  const remove = del('/api/things/:kind/:id').returns<null>();

  it('sends a GET input as the query and resolves with the typed data', async () => {
    const calls = stubFetch(() => ({ body: { code: 0, message: '', data: { n: 3 } } }));
    const reply: { n: number } = await call(list, { page: 2, q: undefined });
    expect(reply).toEqual({ n: 3 });
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.url.pathname).toBe('/api/things');
    expect(calls[0]?.url.search).toBe('?page=2');
  });

  it('fills the path parameters (encoded) and posts the input as the body', async () => {
    const calls = stubFetch(() => ({ body: { code: 0, message: '', data: null } }));
    await call(rename, { name: '新名字' }, { params: { id: 'a/b' } });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url.pathname).toBe('/api/things/a%2Fb/name');
    expect(calls[0]?.body).toEqual({ name: '新名字' });
  });

  it('sends DELETE to the filled path', async () => {
    const calls = stubFetch(() => ({ body: { code: 0, message: '', data: null } }));
    await call(remove, undefined, { params: { kind: 'report', id: 7 } });
    expect(calls[0]?.method).toBe('DELETE');
    expect(calls[0]?.url.pathname).toBe('/api/things/report/7');
  });

  it('builds the URL of an endpoint for elements that fetch by themselves', () => {
    expect(endpointUrl(list, { page: 1 })).toBe('/api/things?page=1');
    expect(endpointUrl(remove, undefined, { kind: 'topic', id: 9 })).toBe('/api/things/topic/9');
  });
});
