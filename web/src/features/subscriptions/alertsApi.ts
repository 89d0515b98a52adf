import type { TKeywordPreview, TSearchAlert } from '@portal/contract';
import { alertsApi, mailLinksApi, subscriptionsApi } from '@portal/contract';
import { call } from '../../api/client.ts';
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
    queryFn: ({ signal }) => call(alertsApi.list, undefined, { signal }),
  });
}

export function setSearchAlertPaused(id: number, paused: boolean): Promise<TSearchAlert> {
  return call(alertsApi.setPaused, { paused: paused ? 1 : 0 }, { params: { id } });
}

export async function deleteSearchAlert(id: number): Promise<void> {
  await call(alertsApi.remove, undefined, { params: { id } });
}

/** 不再接收 (true) or 恢复接收 (false) of a keyword in the daily digest. */
export async function setKeywordMuted(keyword: string, muted: boolean): Promise<void> {
  await call(subscriptionsApi.keywordMute, { keyword, muted: muted ? 1 : 0 });
}

/** What a keyword matched over the last week, as the digest matches; errors stay in the panel. */
export function fetchKeywordPreview(keyword: string, signal?: AbortSignal): Promise<TKeywordPreview> {
  return call(subscriptionsApi.preview, { keyword }, { signal, notify: false });
}

/** The digest's signed 不再接收 link: what it stops, then stopping it. */
export const digestMuteApi = {
  info: (token: string) => call(mailLinksApi.muteInfo, { token }, { notify: false }),
  mute: (token: string) => call(mailLinksApi.mute, { token }, { notify: false }),
};
