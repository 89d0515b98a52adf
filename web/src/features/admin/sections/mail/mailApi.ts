import { adminMailApi } from '@portal/contract';
import { call } from '../../../../api/client.ts';
import type { TPageQuery } from '../../api.ts';

/**
 * The mail section's calls (role 2): digest runs, deliveries, suppressed addresses, run now, resend.
 * A table's page, filters and sort go as the address holds them: the server validates them.
 */
export const mailApi = {
  runs: (query: TPageQuery) => call(adminMailApi.runs, {}, { query }),
  deliveries: (query: TPageQuery) => call(adminMailApi.deliveries, {}, { query }),
  suppressed: (query: TPageQuery) => call(adminMailApi.suppressed, {}, { query }),
  runToday: () => call(adminMailApi.runToday, undefined),
  resend: (id: number) => call(adminMailApi.resend, undefined, { params: { id } }),
};

export const mailKeys = {
  all: ['admin', 'mail'] as const,
  runs: (query: TPageQuery) => ['admin', 'mail', 'runs', query] as const,
  deliveries: (query: TPageQuery) => ['admin', 'mail', 'deliveries', query] as const,
  suppressed: (query: TPageQuery) => ['admin', 'mail', 'suppressed', query] as const,
};
