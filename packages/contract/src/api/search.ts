import type { TSearchLabelQuery, TSearchReply, TSearchRequest, TSearchTab } from '../search.ts';
import { get, post } from './endpoint.ts';

/** Search and its tabs (spec §7 "Search and lists"). */
export const searchApi = {
  search: post('/api/search').takes<TSearchRequest>().returns<TSearchReply>(),
  /** The tabs a page type shows (`pagetype`). */
  tabs: get('/api/search/label').takes<TSearchLabelQuery>().returns<TSearchTab[]>(),
};
