import type { TAnalyticsOverview } from '@portal/contract';
import { api } from '../../../../api/client.ts';

export type TRange = { from: string; to: string } | null;

/** GET /api/admin/analytics/overview (role 2); no range: the server's last 30 days. */
export const analyticsApi = {
  overview: (range: TRange) =>
    api.get<TAnalyticsOverview>('/api/admin/analytics/overview', range ?? undefined),
};

export const analyticsKeys = {
  overview: (range: TRange) => ['admin', 'analytics', range?.from ?? '', range?.to ?? ''] as const,
};
