import { NEW_HOT_SORTS, type TSort } from './constants.ts';
import { gridForWidth, isMobileWidth } from './layout.ts';
import type { TReportFilters } from './report-facets.ts';
import { CONTENT_INDEXES, type TPageType, type TTabId } from './search.ts';

/**
 * A screen's first data in its HTML (issue 20): the server answers the query a detail screen
 * makes first — POST /api/detail for the item its path names — and writes the reply into the
 * page beside the session's (TSessionData `first`), so the item renders with the code instead of
 * a round trip after it. The web seeds its query cache under the same key.
 */

/** The query key of an item's detail reply (web entities/detail `detailKeys.item`). */
export const detailQueryKey = (id: string, index: string) => ['detail', 'item', index, id] as const;

/**
 * The query key of an insight topic's outside-service status (GET /api/insight_topic/viewer/status,
 * web features/analysis `useViewerStatus`): a topic whose viewer is an outside service (Tableau, Quick BI, Power BI, Baidu's classifier)
 * shows either that viewer or 未接入, and its largest paint waited for this reply.
 */
export const viewerStatusQueryKey = (detailId: string) => ['analysis', 'status', detailId] as const;

/** Detail screens by path, with the content index a link may leave out (spec §2 routes). */
const DETAIL_SCREENS: readonly { pattern: RegExp; index: string }[] = [
  { pattern: /^\/(?:report\/)?report_details\/(\d{1,12})$/, index: CONTENT_INDEXES.report },
  { pattern: /^\/headlines\/headlines_details\/(\d{1,12})$/, index: CONTENT_INDEXES.business },
  { pattern: /^\/analysis\/analysis_details\/(\d{1,12})$/, index: CONTENT_INDEXES.insight },
  { pattern: /^\/material\/material_details\/(\d{1,12})$/, index: CONTENT_INDEXES.material },
];

/**
 * The item a page address shows, as its detail screen reads it (`:id`, `?index` or the screen's
 * own), or null: not a detail screen, or an admin's preview (`?preview=1` reads another call).
 */
export function detailOfAddress(url: string): { id: string; index: string } | null {
  let address: URL;
  try {
    address = new URL(url, 'http://portal.invalid');
  } catch {
    return null;
  }
  const { pathname: path, searchParams: search } = address;
  if (search.has('preview')) {
    return null;
  }
  for (const screen of DETAIL_SCREENS) {
    const id = screen.pattern.exec(path)?.[1];
    if (id !== undefined) {
      return { id, index: search.get('index')?.trim() || screen.index };
    }
  }
  return null;
}

/**
 * One query answered into the page: its key and the reply's envelope as the API sent it.
 * `infinite`: the key is a paged list's (useInfiniteQuery) and the reply its first page.
 */
export type TFirstData = { key: readonly unknown[]; reply: unknown; infinite?: true };

/** The home carousel's query key (web features/home `useBanners`). */
export const homeBannersQueryKey = ['home', 'banners'] as const;
/** A page type's tabs, GET /api/search/label (web entities/content `useSearchLabels`). */
export const searchLabelsQueryKey = (pageType: TPageType) => ['search', 'labels', pageType] as const;

/** A validated length range of the material list, in seconds. */
export type TLengthRange = { min?: number | undefined; max?: number | undefined };

/** What a content list asks POST /api/search for (web entities/content `useSearchFeed`); `page` is added per page. */
export type TFeedKeyParams = {
  tn: TTabId;
  keyword: string;
  type: TPageType;
  /** Unset: relevance with a keyword, newest first without. */
  psort: TSort | undefined;
  pageSize: number;
  /** Insight lists: the menu category (anal_type). */
  analType?: string | undefined;
  /** Material lists: the video length range in seconds (min_length, max_length); unset bounds are no limit. */
  lengthRange?: TLengthRange | undefined;
  /** Report lists: industry, publisher, date range, page count (unset: no filter). */
  filters?: TReportFilters | undefined;
};
export const searchFeedQueryKey = (params: TFeedKeyParams) => ['search', 'feed', params] as const;

/** Sort buttons per list (spec §9): report and organisation lists offer only 最新 and 最热. */
export const LIST_SORTS: readonly TSort[] = ['new', 'hot', 'recommend'];
export const REPORT_LIST_SORTS: readonly TSort[] = NEW_HOT_SORTS;
/** Search results open in relevance order (推荐), then 最新 or 最热 on request. */
export const SEARCH_SORTS: readonly TSort[] = ['recommend', 'new', 'hot'];

/**
 * List screens whose first page travels in the HTML, with the tab and sorts their ContentFeed
 * opens with (web HomePage, ReportPage, SearchPage); `filters`: the list sends report filters
 * (none set); `keywordParam`: the address parameter holding the list's keyword (the search page's
 * `search`; without one there is no list to send), and `filteredTab`: a tab that sends report
 * filters (the search page's 报告), left for the screen to ask.
 */
export const FIRST_FEEDS: Readonly<
  Record<
    string,
    {
      pageType: TPageType;
      defaultTab: TTabId;
      sorts: readonly TSort[];
      filters: boolean;
      keywordParam?: string;
      filteredTab?: TTabId;
    }
  >
> = {
  '/homepage': { pageType: 'home', defaultTab: 'all', sorts: LIST_SORTS, filters: false },
  '/report': { pageType: 'report', defaultTab: 'report', sorts: REPORT_LIST_SORTS, filters: true },
  '/searchpage/searchpage': {
    pageType: 'search',
    defaultTab: 'all',
    sorts: SEARCH_SORTS,
    filters: false,
    keywordParam: 'search',
    filteredTab: 'report',
  },
};

/** One favourites folder's items, page by page (web entities/favorites `favoriteKeys.folder`). */
export const folderItemsQueryKey = (id: string) => ['favorites', 'folder', id] as const;

const FOLDER_SCREEN = /^\/(?:collection|self)\/collection_details\/(\d{1,12})$/;

/**
 * The favourites folder a page address shows (/collection/collection_details/:id,
 * /self/collection_details/:id), or null. Whose folder it is, is the API's to decide: the server
 * asks as the page's user, and another user's folder is refused, so nothing is written.
 */
export function folderOfAddress(url: string): string | null {
  try {
    return FOLDER_SCREEN.exec(new URL(url, 'http://portal.invalid').pathname)?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * The cookie the browser keeps the session token in (web api/cookies.ts): the server reads a
 * page's session from it (server http/session-data.ts), API calls send the token as a header.
 */
export const TOKEN_COOKIE = 'token';

/** The viewport cookie the web writes (web components/viewportHint.ts): the window's width. */
export const VIEWPORT_COOKIE = 'viewport_width';
const GUESSED_WIDTH = { mobile: 390, desktop: 1440 } as const;

export function isPlausibleWidth(width: number): boolean {
  return Number.isInteger(width) && width >= 240 && width <= 7680;
}

/**
 * The width a server render assumes: the one the browser last stored, else a phone's or a
 * desktop's by the User-Agent. The web's first render and the server's first data use it alike,
 * so both ask for the same page size.
 */
export function assumedViewportWidth(cookieWidth: string | null | undefined, userAgent: string): number {
  const stored = Number(cookieWidth);
  if (cookieWidth && isPlausibleWidth(stored)) {
    return stored;
  }
  return GUESSED_WIDTH[/Mobi|Android|iPhone|iPad/i.test(userAgent) ? 'mobile' : 'desktop'];
}

/** Items per page of a card grid at a width (web components/gridPageSize.ts). */
export function gridPageSizeAt(width: number): number {
  return gridForWidth(width, isMobileWidth(width)).pageSize;
}
