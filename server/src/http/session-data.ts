import type { FastifyInstance } from 'fastify';
import {
  API_HEADERS,
  API_SOURCE_WEB,
  ResultCode,
  Role,
  SESSION_DATA_ELEMENT_ID,
  TOKEN_COOKIE,
  FAVORITE_PAGE_SIZE,
  FIRST_FEEDS,
  HEADLINES_FIRST_RELOAD,
  HEADLINES_FIRST_SORT,
  HEADLINES_SCREEN,
  VIEWPORT_COOKIE,
  assumedViewportWidth,
  detailApi,
  detailOfAddress,
  detailQueryKey,
  favoritesApi,
  folderItemsQueryKey,
  folderOfAddress,
  gridPageSizeAt,
  headlineKeywordOf,
  headlineListQueryKey,
  headlineListRequest,
  hiddenHeadlineKeywords,
  homeBannersQueryKey,
  ORGAN_LIST_SCREEN,
  organIndustriesQueryKey,
  organisationsApi,
  organListOfAddress,
  organListPageSizeAt,
  organListQueryKey,
  organListRequest,
  queryStringOf,
  searchApi,
  searchFeedQueryKey,
  searchLabelsQueryKey,
  siteApi,
  SERVICE_VIEWERS,
  subscribeInfoQueryKey,
  subscriptionsApi,
  viewerStatusQueryKey,
  type TDetailReply,
  type TFirstData,
  type TSessionData,
  type TSubscribeInfoReply,
} from '@portal/contract';

/** The web keeps its session token in this cookie (web/src/api/cookies.ts), URI-encoded. */
const TOKEN_COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${TOKEN_COOKIE}=([^;]*)`);

export function tokenFromCookie(header: string | undefined): string | null {
  const raw = header ? TOKEN_COOKIE_VALUE.exec(header)?.[1] : undefined;
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
type TCall = (url: string, payload?: object) => Promise<TEnvelopeLike | null>;
/** What the page's request says about the reader's window (contract assumedViewportWidth). */
export type TPageRequest = { cookie?: string | undefined; userAgent?: string | undefined };

function cookieValue(header: string | undefined, name: string): string | null {
  const match = new RegExp(`(?:^|;)\\s*${name}=([^;]*)`).exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * A list screen's first queries (contract FIRST_FEEDS), asked as its ContentFeed would: the
 * page type's tabs, then page 1 of the tab and sort the address names (the first tab when the
 * named one is not offered), sized for the width the web's first render assumes; on the home
 * page the carousel's slides too. Only what succeeds is written; the screen asks for the rest.
 */
async function listFirstData(call: TCall, address: URL, request: TPageRequest): Promise<TFirstData[]> {
  const feed = FIRST_FEEDS[address.pathname];
  if (!feed) {
    return [];
  }
  const first: TFirstData[] = [];
  const [labels, banners] = await Promise.all([
    call(`${searchApi.tabs.path}?pagetype=${feed.pageType}`),
    address.pathname === '/homepage' ? call(siteApi.banners.path) : null,
  ]);
  if (banners) {
    first.push({ key: homeBannersQueryKey, reply: banners });
  }
  if (labels) {
    first.push({ key: searchLabelsQueryKey(feed.pageType), reply: labels });
  }
  const tabs = Array.isArray(labels?.data) ? (labels.data as { tn?: unknown }[]) : [];
  const chosen = address.searchParams.get('tab') ?? feed.defaultTab;
  const tn = tabs.length > 0 && !tabs.some((tab) => tab.tn === chosen) ? tabs[0]?.tn : chosen;
  const askedSort = address.searchParams.get('sort');
  const psort = feed.sorts.find((sort) => sort === askedSort) ?? feed.sorts[0];
  // Filters set in the address: the screen asks for itself (its parsing stays in the web).
  const filtered =
    (feed.filters && [...address.searchParams.keys()].some((key) => key !== 'tab' && key !== 'sort')) ||
    (feed.filteredTab !== undefined && tn === feed.filteredTab);
  // The search page's keyword, as its box reads it; no keyword, no list.
  const keyword = feed.keywordParam ? (address.searchParams.get(feed.keywordParam)?.trim() ?? '') : '';
  if (typeof tn !== 'string' || filtered || (feed.keywordParam && keyword === '')) {
    return first;
  }
  const width = assumedViewportWidth(cookieValue(request.cookie, VIEWPORT_COOKIE), request.userAgent ?? '');
  const pageSize = gridPageSizeAt(width);
  const page = await call(searchApi.search.path, {
    tn,
    keyword,
    type: feed.pageType,
    page: 1,
    page_size: pageSize,
    source: 'PC',
    psort,
  });
  if (page) {
    const params = {
      tn,
      keyword,
      type: feed.pageType,
      psort,
      pageSize,
      ...(feed.filters ? { filters: {} } : {}),
    };
    first.push({
      key: searchFeedQueryKey(params as Parameters<typeof searchFeedQueryKey>[0]),
      reply: page,
      infinite: true,
    });
  }
  return first;
}

/**
 * 商业头条's first data: the reader's keywords (its sidebar), then page 1 of the list without the
 * keywords switched off, in the screen's first sort, narrowed by `?keyword=` as the screen reads
 * it — the same requests and keys as the web's (contract headline-list.ts).
 */
async function headlinesFirstData(call: TCall, address: URL): Promise<TFirstData[]> {
  if (address.pathname !== HEADLINES_SCREEN) {
    return [];
  }
  const info = await call(subscriptionsApi.info.path);
  if (!info) {
    return [];
  }
  const hidden = hiddenHeadlineKeywords(info.data as TSubscribeInfoReply);
  const keyword = headlineKeywordOf(address.searchParams);
  const sort = HEADLINES_FIRST_SORT;
  const page = await call(subscriptionsApi.headlines.path, headlineListRequest(sort, hidden, keyword, 1));
  const first: TFirstData[] = [{ key: subscribeInfoQueryKey, reply: info }];
  if (page) {
    first.push({
      key: headlineListQueryKey(sort, hidden, keyword, HEADLINES_FIRST_RELOAD),
      reply: page,
      infinite: true,
    });
  }
  return first;
}

/**
 * 机构列表's first data: the page of the directory its address names (sort, name search, industry,
 * page), sized for the width the web's first render assumes, and the industry filter's choices —
 * the same requests and keys as the screen's (contract organ-list.ts).
 */
async function organFirstData(call: TCall, address: URL, request: TPageRequest): Promise<TFirstData[]> {
  if (address.pathname !== ORGAN_LIST_SCREEN && address.pathname !== `${ORGAN_LIST_SCREEN}/`) {
    return [];
  }
  const { filter, page } = organListOfAddress(address.searchParams);
  const width = assumedViewportWidth(cookieValue(request.cookie, VIEWPORT_COOKIE), request.userAgent ?? '');
  const pageSize = organListPageSizeAt(width);
  const query = queryStringOf(organListRequest(filter, page, pageSize));
  const [list, industries] = await Promise.all([
    call(`${organisationsApi.list.path}?${query}`),
    call(organisationsApi.industries.path),
  ]);
  const first: TFirstData[] = [];
  if (list) {
    first.push({ key: organListQueryKey(filter, page, pageSize), reply: list });
  }
  if (industries) {
    first.push({ key: organIndustriesQueryKey, reply: industries });
  }
  return first;
}

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
  request: TPageRequest = {},
): Promise<TSessionData | null> {
  const call: TCall = async (url, payload) => {
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
  // A favourites folder's head and first page, asked as its screen would: as this user, so
  // another user's folder is refused and nothing is written.
  const folderId = folderOfAddress(address);
  const url = new URL(address || '/', 'http://portal.invalid');
  const [routes, menu, detail, lists, headlines, organs, folder] = await Promise.all([
    call(`${siteApi.routes.path}?type=1`),
    call(siteApi.menu.path),
    item ? call(detailApi.detail.path, { detail_id: item.id, index: item.index }) : null,
    listFirstData(call, url, request),
    headlinesFirstData(call, url),
    organFirstData(call, url, request),
    folderId
      ? call(favoritesApi.folderItems.path, { favorite_id: folderId, page: 1, page_size: FAVORITE_PAGE_SIZE })
      : null,
  ]);
  if (!routes || !menu) {
    return null;
  }
  const data: TSessionData = { routes, menu };
  const first: TFirstData[] = [...lists, ...headlines, ...organs];
  if (item && detail) {
    first.push({ key: detailQueryKey(item.id, item.index), reply: detail });
    // A topic of an outside service shows its viewer or 未接入 by this reply: the server renders
    // that state instead of a loading line the browser replaces after a round trip.
    const source = (detail.data as TDetailReply | undefined)?.detail_info._source;
    const ext = source && 'anal_data_ext' in source ? source.anal_data_ext : undefined;
    if (ext !== undefined && (SERVICE_VIEWERS as readonly string[]).includes(ext)) {
      const status = await call(`${detailApi.viewerStatus.path}?detail_id=${encodeURIComponent(item.id)}`);
      if (status) {
        first.push({ key: viewerStatusQueryKey(item.id), reply: status });
      }
    }
  }
  if (folderId && folder) {
    first.push({ key: folderItemsQueryKey(folderId), reply: folder, infinite: true });
  }
  if (first.length > 0) {
    data.first = first;
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
