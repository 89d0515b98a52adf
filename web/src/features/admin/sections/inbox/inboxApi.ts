import type {
  TInboxAssignees,
  TInboxDetail,
  TInboxKind,
  TInboxListReply,
  TInboxReply,
  TInboxReplyRequest,
  TInboxUpdate,
} from '@portal/contract';
import { api, apiRequest, apiUrl } from '../../../../api/client.ts';
import { getToken } from '../../../../api/cookies.ts';
import { API_HEADERS, API_SOURCE_WEB } from '@portal/contract';
import type { TPageQuery } from '../../api.ts';

/** The inboxes' calls (role 2): list, detail, change, reply, assignees, CSV export. */
export const inboxApi = {
  list: (kind: TInboxKind, query: TPageQuery) => api.get<TInboxListReply>(`/api/admin/inbox/${kind}`, query),
  detail: (kind: TInboxKind, id: number) => api.get<TInboxDetail>(`/api/admin/inbox/${kind}/${id}`),
  update: (kind: TInboxKind, id: number, body: TInboxUpdate) =>
    apiRequest<TInboxDetail>('PUT', `/api/admin/inbox/${kind}/${id}`, { body }),
  reply: (kind: TInboxKind, id: number, body: TInboxReplyRequest) =>
    api.post<TInboxReply>(`/api/admin/inbox/${kind}/${id}/reply`, body),
  assignees: () => api.get<TInboxAssignees>('/api/admin/inbox/assignees'),
};

export const inboxKeys = {
  all: (kind: TInboxKind) => ['admin', 'inbox', kind] as const,
  list: (kind: TInboxKind, query: TPageQuery) => ['admin', 'inbox', kind, 'list', query] as const,
  detail: (kind: TInboxKind, id: number) => ['admin', 'inbox', kind, 'detail', id] as const,
  assignees: ['admin', 'inbox', 'assignees'] as const,
};

/**
 * The CSV export with the table's filters. The session travels in the `token` header only
 * (never a cookie), so a plain link cannot carry it: the file is fetched, then saved as a blob.
 */
export async function fetchInboxCsv(kind: TInboxKind, filters: Record<string, string>): Promise<Blob> {
  const headers = new Headers({ [API_HEADERS.source]: API_SOURCE_WEB });
  const token = getToken();
  if (token) {
    headers.set(API_HEADERS.token, token);
  }
  const response = await fetch(apiUrl(`/api/admin/inbox/${kind}.csv`, filters), { headers });
  if (!response.ok) {
    throw new Error(`CSV export: HTTP ${response.status}`);
  }
  return response.blob();
}
