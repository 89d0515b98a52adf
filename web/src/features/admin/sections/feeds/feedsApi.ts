import type {
  TAdminFeedCreate,
  TAdminFeedPollReply,
  TAdminFeedsReply,
  TAdminFeedStateReply,
  TAdminFeedUpdate,
  TAdminIdReply,
} from '@portal/contract';
import { api, apiRequest } from '../../../../api/client.ts';
import type { TPageQuery } from '../../api.ts';

/** The feed-sources section's calls (role 2): list, add, edit, enable / disable, delete, poll now. */
export const feedsApi = {
  list: (query: TPageQuery) => api.get<TAdminFeedsReply>('/api/admin/feeds', query),
  create: (body: TAdminFeedCreate) => api.post<TAdminIdReply>('/api/admin/feeds', body),
  update: (id: number, body: TAdminFeedUpdate) =>
    apiRequest<TAdminFeedStateReply>('PUT', `/api/admin/feeds/${id}`, { body }),
  setEnabled: (id: number, enabled: boolean) =>
    apiRequest<TAdminFeedStateReply>('PUT', `/api/admin/feeds/${id}/enabled`, { body: { enabled } }),
  remove: (id: number) => apiRequest<null>('DELETE', `/api/admin/feeds/${id}`),
  /** Fetches now; resolves when the poll is done (a failed feed is a result with `error`, not a rejection). */
  poll: (id: number) => api.post<TAdminFeedPollReply>(`/api/admin/feeds/${id}/poll`),
};

export const feedsKeys = {
  all: ['admin', 'feeds'] as const,
  list: (query: TPageQuery) => ['admin', 'feeds', 'list', query] as const,
};
