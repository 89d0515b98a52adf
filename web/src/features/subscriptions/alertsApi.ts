import type { TDigestMuteInfo, TKeywordPreview, TSearchAlert } from '@portal/contract';
import { api, apiRequest } from '../../api/client.ts';
import { useFreshQuery } from '../../api/useFreshQuery.ts';

export const alertKeys = {
  list: ['subscriptions', 'search-alerts'] as const,
  preview: (keyword: string) => ['subscriptions', 'preview', keyword] as const,
};

/**
 * Search alerts as /keyword_setting lists them, asked for on every visit: 订阅此搜索 lives on
 * the search page, which does not know this list.
 */
export function useSearchAlerts() {
  return useFreshQuery({
    queryKey: alertKeys.list,
    queryFn: ({ signal }) => api.get<TSearchAlert[]>('/api/search/alerts', undefined, { signal }),
  });
}

export function setSearchAlertPaused(id: number, paused: boolean): Promise<TSearchAlert> {
  return api.post<TSearchAlert>(`/api/search/alerts/${id}/status`, { paused: paused ? 1 : 0 });
}

export async function deleteSearchAlert(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/search/alerts/${id}`);
}

/** 不再接收 (true) or 恢复接收 (false) of a keyword in the daily digest. */
export async function setKeywordMuted(keyword: string, muted: boolean): Promise<void> {
  await api.post('/api/business/subscribe/keyword/mute', { keyword, muted: muted ? 1 : 0 });
}

/** What a keyword matched over the last week, as the digest matches; errors stay in the panel. */
export function fetchKeywordPreview(keyword: string, signal?: AbortSignal): Promise<TKeywordPreview> {
  return api.get<TKeywordPreview>('/api/business/subscribe/preview', { keyword }, { signal, notify: false });
}

/** The digest's signed 不再接收 link: what it stops, then stopping it. */
export const digestMuteApi = {
  info: (token: string) => api.get<TDigestMuteInfo>('/api/digest/mute/info', { token }, { notify: false }),
  mute: (token: string) => api.post<TDigestMuteInfo>('/api/digest/mute', { token }, { notify: false }),
};
