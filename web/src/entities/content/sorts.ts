import type { TSort } from '@portal/contract';
import { NEW_HOT_SORTS } from '@portal/contract';

/** Sort buttons per list (spec §9): report and organisation lists offer only 最新 and 最热. */
export const LIST_SORTS: readonly TSort[] = ['new', 'hot', 'recommend'];
export const HOME_SORTS: readonly TSort[] = LIST_SORTS;
export const REPORT_SORTS: readonly TSort[] = NEW_HOT_SORTS;
/** Search results open in relevance order (推荐), then 最新 or 最热 on request. */
export const SEARCH_SORTS: readonly TSort[] = ['recommend', 'new', 'hot'];
