import type {
  TMailDeliveriesReply,
  TMailResendReply,
  TMailRunsReply,
  TMailRunTodayReply,
  TMailSuppressedReply,
  ZMailDeliveriesQuery,
  ZMailRunsQuery,
  ZMailSuppressedQuery,
} from '../admin/mail.ts';
import type { z } from 'zod';
import { get, post } from './endpoint.ts';

/** The back-office's mail section (role 2 only): digest runs, deliveries, suppressed addresses. */
export const adminMailApi = {
  runs: get('/api/admin/mail/runs').takes<z.input<typeof ZMailRunsQuery>>().returns<TMailRunsReply>(),
  deliveries: get('/api/admin/mail/deliveries')
    .takes<z.input<typeof ZMailDeliveriesQuery>>()
    .returns<TMailDeliveriesReply>(),
  suppressed: get('/api/admin/mail/suppressed')
    .takes<z.input<typeof ZMailSuppressedQuery>>()
    .returns<TMailSuppressedReply>(),
  /** Runs today's digest now. */
  runToday: post('/api/admin/mail/run-today').returns<TMailRunTodayReply>(),
  resend: post('/api/admin/mail/deliveries/:id/resend').returns<TMailResendReply>(),
};
