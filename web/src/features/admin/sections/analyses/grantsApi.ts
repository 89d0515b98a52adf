import type { TAdminGrantsReply } from '@portal/contract';
import { api, apiRequest } from '../../../../api/client.ts';

/** Restricted insight topics: who may open one, and whether it is restricted at all. */
export const grantsApi = {
  list: (analysisId: number) => api.get<TAdminGrantsReply>(`/api/admin/analyses/${analysisId}/grants`),
  grant: (analysisId: number, phone: string) =>
    api.post<TAdminGrantsReply>(`/api/admin/analyses/${analysisId}/grants`, { phone }),
  revoke: (analysisId: number, userId: number) =>
    apiRequest<TAdminGrantsReply>('DELETE', `/api/admin/analyses/${analysisId}/grants/${userId}`),
  setRestricted: (analysisId: number, value: 0 | 1) =>
    apiRequest<TAdminGrantsReply>('PUT', `/api/admin/analyses/${analysisId}/restricted`, { body: { value } }),
};

export const grantsKey = (analysisId: number) => ['admin', 'grants', analysisId] as const;
