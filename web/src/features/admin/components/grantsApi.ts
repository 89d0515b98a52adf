import type { TAdminGrantsReply, TGrantKind } from '@portal/contract';
import { GRANT_ENDPOINTS } from '@portal/contract';

export type { TGrantKind };
import { call } from '../../../api/client.ts';

/** A restricted item's grants: who may open it, and whether it is restricted at all. */
export const grantsApi = (kind: TGrantKind) => {
  const endpoints = GRANT_ENDPOINTS[kind];
  return {
    list: (id: number): Promise<TAdminGrantsReply> => call(endpoints.list, undefined, { params: { id } }),
    grant: (id: number, phone: string): Promise<TAdminGrantsReply> =>
      call(endpoints.grant, { phone }, { params: { id } }),
    revoke: (id: number, userId: number): Promise<TAdminGrantsReply> =>
      call(endpoints.revoke, undefined, { params: { id, userId } }),
    setRestricted: (id: number, value: 0 | 1): Promise<TAdminGrantsReply> =>
      call(endpoints.setRestricted, { value }, { params: { id } }),
  };
};

export const grantsKey = (kind: TGrantKind, id: number) => ['admin', 'grants', kind, id] as const;
