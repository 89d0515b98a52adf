import type { TSort } from '@portal/contract';
import { LIST_SORTS, REPORT_LIST_SORTS, SEARCH_SORTS } from '@portal/contract';

/** Sort buttons per list (spec §9); the server answers the first page of the first two too. */
export { LIST_SORTS, SEARCH_SORTS };
export const HOME_SORTS: readonly TSort[] = LIST_SORTS;
export const REPORT_SORTS: readonly TSort[] = REPORT_LIST_SORTS;
