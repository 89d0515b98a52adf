import { useQuery } from '@tanstack/react-query';
import { accountApi } from '@portal/contract';
import { call } from '../../api/client.ts';

export const legalKeys = {
  privacyPolicy: ['legal', 'privacy-policy'] as const,
};

/** The privacy policy (anonymous): the text the operator may replace. */
export function usePrivacyPolicy() {
  return useQuery({
    queryKey: legalKeys.privacyPolicy,
    queryFn: ({ signal }) => call(accountApi.privacyPolicy, undefined, { signal }),
  });
}
