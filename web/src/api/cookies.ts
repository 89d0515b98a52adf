import type { TLoginReply } from '@portal/contract';

/**
 * The session cookies (spec §3 "Token and role are persisted in cookies"). The token is only
 * ever sent to the server in the `token` header; the cookie is where the browser keeps it.
 */
export const SESSION_COOKIES = {
  token: 'token',
  roles: 'login_role_type',
  companyTypeStatus: 'user_company_type_status',
  keywordStatus: 'set_keyword_status',
} as const;

/** A week: the server decides whether the token is still good and answers 401 when not. */
const MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      return decodeURIComponent(item.slice(prefix.length));
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAgeSeconds = MAX_AGE_SECONDS): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Strict` +
    secure;
}

export function removeCookie(name: string): void {
  writeCookie(name, '', 0);
}

export function getToken(): string | null {
  const token = readCookie(SESSION_COOKIES.token);
  return token === null || token === '' ? null : token;
}

/** `login_role_type` as stored at login: "1,2". */
export function getCookieRoles(): number[] {
  const raw = readCookie(SESSION_COOKIES.roles) ?? '';
  return raw
    .split(',')
    .map((part) => Number(part))
    .filter((n) => Number.isInteger(n) && n > 0);
}

export function saveRoles(roles: readonly number[]): void {
  writeCookie(SESSION_COOKIES.roles, roles.join(','));
}

/** What a successful login stores (spec §4 "Login stores token, login role types, …"). */
export function saveLoginCookies(reply: TLoginReply): void {
  writeCookie(SESSION_COOKIES.token, reply.token);
  saveRoles(reply.login_role_type);
  writeCookie(SESSION_COOKIES.companyTypeStatus, String(reply.user_company_type_status));
  writeCookie(SESSION_COOKIES.keywordStatus, String(reply.set_keyword_status));
}

/** Logout and a 401 reply clear every session cookie. */
export function clearSessionCookies(): void {
  for (const name of Object.values(SESSION_COOKIES)) {
    removeCookie(name);
  }
}
