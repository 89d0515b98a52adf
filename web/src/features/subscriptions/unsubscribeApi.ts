import type { TUnsubscribeInfo } from '@portal/contract';
import { api } from '../../api/client.ts';

/** Paths are ours (the spec names only the page): server/src/modules/unsubscribe. */
export const unsubscribeApi = {
  /** Whose digest the link stops and whether it still goes out; without a token, the session's user. */
  info: (token: string | null) =>
    api.get<TUnsubscribeInfo>('/api/unsubscribe/info', { token: token ?? undefined }, { notify: false }),
  unsubscribe: (token: string | null, fromWhere: string) =>
    api.post<TUnsubscribeInfo>(
      '/api/unsubscribe',
      { ...(token ? { token } : {}), from_where: fromWhere },
      { notify: false },
    ),
};
