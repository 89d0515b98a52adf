import type { TAdminGrantsReply } from '@portal/contract';
import { api, apiRequest } from '../../../api/client.ts';

/** The restrictable kinds and their back-office paths: insight topics and headlines share one grant mechanism. */
export type TGrantKind = 'analyses' | 'headlines';

/** A restricted item's grants: who may open it, and whether it is restricted at all. */
export const grantsApi = (kind: TGrantKind) => ({
  list: (id: number) => api.get<TAdminGrantsReply>(`/api/admin/${kind}/${id}/grants`),
  grant: (id: number, phone: string) =>
    api.post<TAdminGrantsReply>(`/api/admin/${kind}/${id}/grants`, { phone }),
  revoke: (id: number, userId: number) =>
    apiRequest<TAdminGrantsReply>('DELETE', `/api/admin/${kind}/${id}/grants/${userId}`),
  setRestricted: (id: number, value: 0 | 1) =>
    apiRequest<TAdminGrantsReply>('PUT', `/api/admin/${kind}/${id}/restricted`, { body: { value } }),
});

export const grantsKey = (kind: TGrantKind, id: number) => ['admin', 'grants', kind, id] as const;
