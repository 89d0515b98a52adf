import { useQuery } from '@tanstack/react-query';
import type { TPrivacyPolicy } from '@portal/contract';
import { api } from '../../api/client.ts';

export const legalKeys = {
  privacyPolicy: ['legal', 'privacy-policy'] as const,
};

/** GET /api/user_private (anonymous): the policy text the operator may replace. */
export function usePrivacyPolicy() {
  return useQuery({
    queryKey: legalKeys.privacyPolicy,
    queryFn: ({ signal }) => api.get<TPrivacyPolicy>('/api/user_private', undefined, { signal }),
  });
}
