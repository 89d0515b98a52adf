import { TOKEN_COOKIE, type TLoginReply } from '@portal/contract';

/**
 * The session cookies (spec §3 "Token and role are persisted in cookies"). The token is only
 * ever sent to the server in the `token` header; the cookie is where the browser keeps it.
 */
export const SESSION_COOKIES = {
  token: TOKEN_COOKIE,
  roles: 'login_role_type',
  companyTypeStatus: 'user_company_type_status',
  keywordStatus: 'set_keyword_status',
  /** When the server ends the session (epoch ms, from the login reply): every session cookie lives until then. */
  expiresAt: 'session_expires_at',
} as const;

/**
 * Only for a login reply without `expires_at` (the spec's older servers): a week. The server
 * still decides whether the token is good and answers 401 when not.
 */
const FALLBACK_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** Seconds the session has left by the server's word, or the fallback when it never said. */
function sessionMaxAge(): number {
  const expiresAt = Number(readCookie(SESSION_COOKIES.expiresAt));
  if (!Number.isFinite(expiresAt) || expiresAt <= 0) {
    return FALLBACK_MAX_AGE_SECONDS;
  }
  return Math.max(0, Math.floor((expiresAt - Date.now()) / 1000));
}

/** The request's Cookie header while the server renders a page (entry-server.tsx); no document there. */
let serverCookieHeader = '';

export function setServerCookies(header: string): void {
  serverCookieHeader = header;
}

export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  const header = typeof document === 'undefined' ? serverCookieHeader : document.cookie;
  for (const part of header.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      return decodeURIComponent(item.slice(prefix.length));
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAgeSeconds = sessionMaxAge()): void {
  if (typeof document === 'undefined') {
    return; // a server render only reads the request's cookies
  }
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
  // First: the cookies written after it (now and on later session loads) take their lifetime from it.
  if (reply.expires_at === undefined) {
    removeCookie(SESSION_COOKIES.expiresAt);
  } else {
    const seconds = Math.max(0, Math.floor((reply.expires_at - Date.now()) / 1000));
    writeCookie(SESSION_COOKIES.expiresAt, String(reply.expires_at), seconds);
  }
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
