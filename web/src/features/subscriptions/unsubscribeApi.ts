import { mailLinksApi } from '@portal/contract';
import { call } from '../../api/client.ts';

/** The digest's unsubscribe link (server/src/modules/unsubscribe): the spec names only the page. */
export const unsubscribeApi = {
  /** Whose digest the link stops and whether it still goes out; without a token, the session's user. */
  info: (token: string | null) =>
    call(mailLinksApi.unsubscribeInfo, { token: token ?? undefined }, { notify: false }),
  unsubscribe: (token: string | null, fromWhere: string) =>
    call(mailLinksApi.unsubscribe, { ...(token ? { token } : {}), from_where: fromWhere }, { notify: false }),
};
