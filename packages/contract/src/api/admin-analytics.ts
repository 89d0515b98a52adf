import type { TAnalyticsOverview, ZAnalyticsQuery } from '../admin/analytics.ts';
import type { z } from 'zod';
import { get } from './endpoint.ts';

/** The back-office's usage figures (role 2 only). */
export const adminAnalyticsApi = {
  /** `from`/`to` local days; both omitted: the last 30 days. */
  overview: get('/api/admin/analytics/overview')
    .takes<z.input<typeof ZAnalyticsQuery>>()
    .returns<TAnalyticsOverview>(),
};
