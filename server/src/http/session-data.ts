import type { FastifyInstance } from 'fastify';
import {
  API_HEADERS,
  API_SOURCE_WEB,
  ResultCode,
  Role,
  SESSION_DATA_ELEMENT_ID,
  detailApi,
  detailOfAddress,
  detailQueryKey,
  siteApi,
  type TSessionData,
} from '@portal/contract';

/** The web keeps its session token in this cookie (web/src/api/cookies.ts), URI-encoded. */
const TOKEN_COOKIE = /(?:^|;)\s*token=([^;]*)/;

export function tokenFromCookie(header: string | undefined): string | null {
  const raw = header ? TOKEN_COOKIE.exec(header)?.[1] : undefined;
  if (!raw) {
    return null;
  }
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

type TEnvelopeLike = { code?: unknown; data?: unknown };

/**
 * The session calls the web makes before a signed-in screen can render (GET /api/user/routes
 * type 1, GET /api/menu, type 2 for an admin), answered in-process through the API itself —
 * the same authentication and replies — so the HTML can carry them. The cookie only selects
 * what the page's own user may read; every API call still takes the token header alone. Null
 * when the token is not a live session: the web then asks and meets the 401 as before. On a
 * detail screen's `address` the item's POST /api/detail reply comes too (`first`, contract
 * first-data.ts), when it succeeds; a refusal is left for the screen to ask and show.
 */
export async function sessionData(
  app: FastifyInstance,
  token: string,
  address = '',
): Promise<TSessionData | null> {
  const call = async (url: string, payload?: object): Promise<TEnvelopeLike | null> => {
    const res = await app.inject({
      method: payload ? 'POST' : 'GET',
      url,
      headers: { [API_HEADERS.token]: token, [API_HEADERS.source]: API_SOURCE_WEB },
      ...(payload ? { payload } : {}),
    });
    const body = res.statusCode === 200 ? (res.json() as TEnvelopeLike) : null;
    return body?.code === ResultCode.ok ? body : null;
  };
  // A detail screen's item is read beside the session (it counts the view the page would).
  const item = detailOfAddress(address);
  const [routes, menu, detail] = await Promise.all([
    call(`${siteApi.routes.path}?type=1`),
    call(siteApi.menu.path),
    item ? call(detailApi.detail.path, { detail_id: item.id, index: item.index }) : null,
  ]);
  if (!routes || !menu) {
    return null;
  }
  const data: TSessionData = { routes, menu };
  if (item && detail) {
    data.first = [{ key: detailQueryKey(item.id, item.index), reply: detail }];
  }
  const roles = (routes.data as { login_role_type?: unknown } | undefined)?.login_role_type;
  if (Array.isArray(roles) && roles.includes(Role.admin)) {
    const adminRoutes = await call(`${siteApi.routes.path}?type=2`);
    if (adminRoutes) {
      data.adminRoutes = adminRoutes;
    }
  }
  return data;
}

/**
 * index.html with the session replies in a JSON data block before </head> (not a script that
 * runs: the CSP allows none inline). `<` is escaped so no value can close the element.
 */
export function withSessionData(html: string, data: TSessionData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${SESSION_DATA_ELEMENT_ID}">${json}</script>`;
  return html.replace(/<\/head>/i, `    ${block}\n  </head>`);
}
