import type {
  TMailDeliveriesReply,
  TMailResendReply,
  TMailRunsReply,
  TMailRunTodayReply,
  TMailSuppressedReply,
} from '@portal/contract';
import { api } from '../../../../api/client.ts';
import type { TPageQuery } from '../../api.ts';

/** The mail section's calls (role 2): digest runs, deliveries, suppressed addresses, run now, resend. */
export const mailApi = {
  runs: (query: TPageQuery) => api.get<TMailRunsReply>('/api/admin/mail/runs', query),
  deliveries: (query: TPageQuery) => api.get<TMailDeliveriesReply>('/api/admin/mail/deliveries', query),
  suppressed: (query: TPageQuery) => api.get<TMailSuppressedReply>('/api/admin/mail/suppressed', query),
  runToday: () => api.post<TMailRunTodayReply>('/api/admin/mail/run-today'),
  resend: (id: number) => api.post<TMailResendReply>(`/api/admin/mail/deliveries/${id}/resend`),
};

export const mailKeys = {
  all: ['admin', 'mail'] as const,
  runs: (query: TPageQuery) => ['admin', 'mail', 'runs', query] as const,
  deliveries: (query: TPageQuery) => ['admin', 'mail', 'deliveries', query] as const,
  suppressed: (query: TPageQuery) => ['admin', 'mail', 'suppressed', query] as const,
};
