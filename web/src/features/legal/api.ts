import type { TPrivacyPolicy } from '@portal/contract';
import { api } from '../../api/client.ts';

/** GET /api/user_private (anonymous): the policy text the operator may replace. */
export function fetchPrivacyPolicy(): Promise<TPrivacyPolicy> {
  return api.get<TPrivacyPolicy>('/api/user_private');
}
