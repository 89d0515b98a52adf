import { HEADLINE_PAGE_SIZE, type TNewHotSort } from './constants.ts';
import type { THeadlineListRequest, TSubscribeInfoReply } from './subscriptions.ts';

/**
 * 商业头条's list, shared by the web screen and the server that writes its first page into the
 * HTML (first-data.ts, server http/session-data.ts): the same request and query keys on both
 * sides (server http/session-data.ts). A module of its own, so that only the screens using it load it.
 */

/** GET /api/business/subscribe/info: the catalogue and the reader's keywords (web entities/subscriptions). */
export const subscribeInfoQueryKey = ['subscriptions', 'info'] as const;

/** 商业头条: its keyword sidebar and first page travel in the HTML (`?keyword=` narrows the list). */
export const HEADLINES_SCREEN = '/headlines';

/** The sort the /headlines list opens with (最新). */
export const HEADLINES_FIRST_SORT: TNewHotSort = 'new';

/** The keyword an address narrows the list to (`?keyword=`, the digest's 查看全部 link), or ''. */
export function headlineKeywordOf(params: URLSearchParams): string {
  return params.get('keyword')?.trim() ?? '';
}

/** The keywords a reader has switched off in the /headlines sidebar: the list leaves them out. */
export function hiddenHeadlineKeywords(
  info: Pick<TSubscribeInfoReply, 'keyword_list'> | null | undefined,
): string[] {
  return (info?.keyword_list ?? []).filter((k) => k.status === 0).map((k) => k.keyword);
}

/**
 * The /headlines list's query key (web features/headlines `useHeadlineList`): one list per sort,
 * hidden keywords, narrowing keyword and reload (重试 or an edit starts the list again).
 */
export const headlineListQueryKey = (
  psort: TNewHotSort,
  hidden: readonly string[],
  keyword: string,
  reloadKey: number,
) => ['headlines', psort, hidden.join('\n'), keyword, reloadKey] as const;

/** The reload counter of a list not yet started again: the key the page's HTML carries its page 1 under. */
export const HEADLINES_FIRST_RELOAD = 0;

/** Page `page` of that list as POST /api/business/list takes it. */
export function headlineListRequest(
  psort: TNewHotSort,
  hidden: readonly string[],
  keyword: string,
  page: number,
): THeadlineListRequest {
  return {
    tn: 'business',
    page,
    page_size: HEADLINE_PAGE_SIZE,
    psort,
    subscribe_keyword: [...hidden],
    ...(keyword === '' ? {} : { keyword }),
  };
}
