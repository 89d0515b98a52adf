import { adminAnalyticsApi } from '@portal/contract';
import { call } from '../../../../api/client.ts';

export type TRange = { from: string; to: string } | null;

/** GET /api/admin/analytics/overview (role 2); no range: the server's last 30 days. */
export const analyticsApi = {
  overview: (range: TRange) => call(adminAnalyticsApi.overview, range ?? {}),
};

export const analyticsKeys = {
  overview: (range: TRange) => ['admin', 'analytics', range?.from ?? '', range?.to ?? ''] as const,
};
