import type { TInboxKind, TInboxReplyRequest, TInboxUpdate } from '@portal/contract';
import { adminInboxApi, API_HEADERS, API_SOURCE_WEB } from '@portal/contract';
import { call, endpointUrl } from '../../../../api/client.ts';
import { getToken } from '../../../../api/cookies.ts';
import type { TPageQuery } from '../../api.ts';

/** The inboxes' calls (role 2): list, detail, change, reply, assignees, CSV export. */
export const inboxApi = {
  /** The table's page, filters and sort as the address holds them: the server validates them. */
  list: (kind: TInboxKind, query: TPageQuery) => call(adminInboxApi.list, {}, { query, params: { kind } }),
  detail: (kind: TInboxKind, id: number) => call(adminInboxApi.detail, undefined, { params: { kind, id } }),
  update: (kind: TInboxKind, id: number, body: TInboxUpdate) =>
    call(adminInboxApi.update, body, { params: { kind, id } }),
  reply: (kind: TInboxKind, id: number, body: TInboxReplyRequest) =>
    call(adminInboxApi.reply, body, { params: { kind, id } }),
  assignees: () => call(adminInboxApi.assignees, undefined),
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
  const response = await fetch(endpointUrl(adminInboxApi[`${kind}Csv`], filters), { headers });
  if (!response.ok) {
    throw new Error(`CSV export: HTTP ${response.status}`);
  }
  return response.blob();
}
