import type { TSort } from '@portal/contract';
import { LIST_SORTS, REPORT_LIST_SORTS } from '@portal/contract';

/** Sort buttons per list (spec §9); the server answers the first page of the first two too. */
export { LIST_SORTS };
export const HOME_SORTS: readonly TSort[] = LIST_SORTS;
export const REPORT_SORTS: readonly TSort[] = REPORT_LIST_SORTS;
/** Search results open in relevance order (推荐), then 最新 or 最热 on request. */
export const SEARCH_SORTS: readonly TSort[] = ['recommend', 'new', 'hot'];
