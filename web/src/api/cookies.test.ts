import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSessionCookies, getToken, saveLoginCookies, saveRoles } from './cookies.ts';

const DAY_MS = 24 * 3600 * 1000;
const NOW = Date.UTC(2026, 10, 25, 8, 0, 0);

/** Every `document.cookie = …` string, as the browser receives it (jsdom hides Max-Age on read). */
function recordCookieWrites(): string[] {
  const writes: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    descriptor.set!.call(document, value);
  });
  return writes;
}

const maxAgeOf = (writes: string[], name: string) =>
  Number(/Max-Age=(\d+)/.exec(writes.filter((w) => w.startsWith(`${name}=`)).at(-1) ?? '')?.[1]);

describe('session cookies', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    clearSessionCookies();
  });
  afterEach(() => {
    clearSessionCookies();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("live exactly as long as the server's session, also when rewritten later", () => {
    const writes = recordCookieWrites();
    saveLoginCookies({
      token: 't'.repeat(43),
      login_role_type: [1],
      user_company_type_status: 1,
      set_keyword_status: 1,
      expires_at: NOW + 30 * DAY_MS,
    });
    expect(getToken()).toBe('t'.repeat(43));
    for (const name of ['token', 'login_role_type', 'set_keyword_status', 'session_expires_at']) {
      expect(maxAgeOf(writes, name), name).toBe(30 * 24 * 3600);
    }
    // Ten days on, a session load rewrites the roles: they end with the token, not a week later.
    vi.setSystemTime(NOW + 10 * DAY_MS);
    saveRoles([1, 2]);
    expect(maxAgeOf(writes, 'login_role_type')).toBe(20 * 24 * 3600);
  });

  it('fall back to a week when a server does not say when the session ends', () => {
    const writes = recordCookieWrites();
    saveLoginCookies({
      token: 'u'.repeat(43),
      login_role_type: [1],
      user_company_type_status: 1,
      set_keyword_status: 1,
    });
    expect(maxAgeOf(writes, 'token')).toBe(7 * 24 * 3600);
  });
});
