import type {
  TFirstData,
  TLoginReply,
  TMenuItem,
  TRoute,
  TRoutesReply,
  TSessionData,
  TViewKey,
} from '@portal/contract';
import { DEFAULT_THEME, MSG, ResultCode, Role, SESSION_DATA_ELEMENT_ID, VIEW_KEYS } from '@portal/contract';
import { ApiError } from '../../api/client.ts';
import { clearSessionCookies, saveLoginCookies, saveRoles } from '../../api/cookies.ts';
import { notify } from '../../api/notify.ts';
import { fetchMenu, fetchRoutes } from './sessionApi.ts';
import { sessionStore } from './sessionStore.ts';

const VIEWS: ReadonlySet<string> = new Set(VIEW_KEYS);

function isViewKey(view: string): view is TViewKey {
  return VIEWS.has(view);
}

/** A reply we can build a session from; anything else reads as a failed session fetch. */
function isUsableReply(reply: TRoutesReply | null | undefined): reply is TRoutesReply {
  return (
    typeof reply === 'object' &&
    reply !== null &&
    Array.isArray(reply.routes) &&
    Array.isArray(reply.login_role_type) &&
    reply.login_role_type.length > 0
  );
}

/** After a successful login: keep the cookies; roles and routes are fetched on the next navigation. */
export function startSession(reply: TLoginReply): void {
  saveLoginCookies(reply);
  sessionStore.reset(reply.token);
}

/** Logout, a 401 or a failed session fetch: forget the token and everything fetched with it. */
export function endSession(): void {
  clearSessionCookies();
  sessionStore.reset(null);
}

/** Fills the store from the session calls' replies (adminReply: type 2's, or null when refused). */
function applySession(userReply: TRoutesReply, menu: TMenuItem[], adminReply: TRoutesReply | null): void {
  let routes: TRoute[] = userReply.routes;
  if (adminReply && Array.isArray(adminReply.routes)) {
    routes = [...routes, ...adminReply.routes];
  }
  saveRoles(userReply.login_role_type);
  sessionStore.set({
    loaded: true,
    roles: userReply.login_role_type,
    routes: routes.filter((route) => isViewKey(route.view)),
    user: userReply.user,
    logo: userReply.logo,
    theme: { ...DEFAULT_THEME, ...userReply.style },
    menu,
  });
}

/** An envelope's data when its code is 0, else undefined. */
function okData(envelope: unknown): unknown {
  const body = envelope as { code?: unknown; data?: unknown } | null;
  return typeof body === 'object' && body !== null && body.code === ResultCode.ok ? body.data : undefined;
}

/**
 * Starts the session from the replies the server wrote into the page (SESSION_DATA_ELEMENT_ID,
 * server/src/http/session-data.ts), before the first render: a signed-in screen renders its
 * shell at once instead of after the code has loaded and asked. Read once; returns false (and
 * the guard fetches as usual) when the page has none or they are not usable.
 */
export function startSessionFromPage(): boolean {
  const element = document.getElementById(SESSION_DATA_ELEMENT_ID);
  element?.remove();
  if (!element?.textContent) {
    return false;
  }
  let data: Partial<TSessionData>;
  try {
    data = JSON.parse(element.textContent) as Partial<TSessionData>;
  } catch {
    return false;
  }
  return startSessionFromData(data);
}

/**
 * The same from the replies themselves: the page's block in the browser, the server's own
 * copy when it renders the page (entry-server.tsx), so both first renders see one session.
 */
export function startSessionFromData(data: Partial<TSessionData>): boolean {
  if (sessionStore.get().token === null) {
    return false;
  }
  const userReply = okData(data.routes) as TRoutesReply | undefined;
  const menu = okData(data.menu);
  if (!isUsableReply(userReply) || !Array.isArray(menu)) {
    return false;
  }
  const adminReply = (okData(data.adminRoutes) as TRoutesReply | undefined) ?? null;
  applySession(userReply, menu as TMenuItem[], adminReply);
  firstData = (Array.isArray(data.first) ? data.first : []).flatMap((entry: Partial<TFirstData>) => {
    const reply = okData(entry.reply);
    if (!Array.isArray(entry.key) || reply === undefined) {
      return [];
    }
    // A paged list's first page, as useInfiniteQuery keeps it.
    const data = entry.infinite ? { pages: [reply], pageParams: [1] } : reply;
    return [{ key: entry.key, data }];
  });
  return true;
}

let firstData: { key: readonly unknown[]; data: unknown }[] = [];

/**
 * The screen's first data the page came with (a detail screen's item), handed out once: the
 * query client seeds its cache with it (app/providers/queryClient.ts), so the screen renders
 * without asking. Kept here, not seeded here: the login route loads no query client.
 */
export function takeFirstData(): { key: readonly unknown[]; data: unknown }[] {
  const taken = firstData;
  firstData = [];
  return taken;
}

async function loadSession(): Promise<boolean> {
  try {
    const [userReply, menu] = await Promise.all([fetchRoutes(1), fetchMenu().catch((): never[] => [])]);
    if (!isUsableReply(userReply)) {
      throw new Error('unusable routes reply');
    }
    // An admin whose back-office routes are refused (code 1001) still gets the portal.
    const adminReply = userReply.login_role_type.includes(Role.admin)
      ? await fetchRoutes(2, { notify: false }).catch(() => null)
      : null;
    applySession(userReply, menu, adminReply);
    return true;
  } catch (error) {
    // The client has already shown a refused call; a reply we cannot use gets the spec's line.
    if (!(error instanceof ApiError)) {
      notify.error(MSG.sessionFailed);
    }
    endSession();
    return false;
  }
}

let inFlight: Promise<boolean> | null = null;

/**
 * Fetches roles, routes and menu once per token (spec §2 "When the role list is empty, roles
 * are fetched and routes added once"). Concurrent callers share one fetch. Resolves false —
 * with the session ended — when the fetch fails.
 */
export function ensureSessionLoaded(): Promise<boolean> {
  if (sessionStore.get().loaded) {
    return Promise.resolve(true);
  }
  inFlight ??= loadSession().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
