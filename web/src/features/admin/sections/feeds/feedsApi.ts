import type { TAdminFeedCreate, TAdminFeedUpdate } from '@portal/contract';
import { adminFeedsApi } from '@portal/contract';
import { call } from '../../../../api/client.ts';
import type { TPageQuery } from '../../api.ts';

/** The feed-sources section's calls (role 2): list, add, edit, enable / disable, delete, poll now. */
export const feedsApi = {
  /** The table's page as the address holds it: the server validates it. */
  list: (query: TPageQuery) => call(adminFeedsApi.list, {}, { query }),
  create: (body: TAdminFeedCreate) => call(adminFeedsApi.create, body),
  update: (id: number, body: TAdminFeedUpdate) => call(adminFeedsApi.update, body, { params: { id } }),
  setEnabled: (id: number, enabled: boolean) =>
    call(adminFeedsApi.setEnabled, { enabled }, { params: { id } }),
  remove: (id: number) => call(adminFeedsApi.remove, undefined, { params: { id } }),
  /** Fetches now; resolves when the poll is done (a failed feed is a result with `error`, not a rejection). */
  poll: (id: number) => call(adminFeedsApi.poll, undefined, { params: { id } }),
};

export const feedsKeys = {
  all: ['admin', 'feeds'] as const,
  list: (query: TPageQuery) => ['admin', 'feeds', 'list', query] as const,
};
