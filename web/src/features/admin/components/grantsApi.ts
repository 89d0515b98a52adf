import type { TAdminGrantsReply } from '@portal/contract';
import { adminUsersApi } from '@portal/contract';
import { call } from '../../../api/client.ts';

/** The restrictable kinds and their back-office paths: insight topics and headlines share one grant mechanism. */
export type TGrantKind = 'analyses' | 'headlines';

/** Each kind's grant calls: its own paths, the same shapes. */
const GRANT_ENDPOINTS = {
  analyses: {
    list: adminUsersApi.analysisGrants,
    grant: adminUsersApi.grantAnalysis,
    revoke: adminUsersApi.revokeAnalysis,
    setRestricted: adminUsersApi.restrictAnalysis,
  },
  headlines: {
    list: adminUsersApi.headlineGrants,
    grant: adminUsersApi.grantHeadline,
    revoke: adminUsersApi.revokeHeadline,
    setRestricted: adminUsersApi.restrictHeadline,
  },
} as const;

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
